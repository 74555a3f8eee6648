import { Navigate, Outlet, useLocation } from 'react-router';
import { AuthResolving } from '../components/auth-resolving.tsx';
import { SessionUnavailable } from '../components/session-unavailable.tsx';
import { paths } from '../config/paths.ts';
import { useMe } from '../lib/me.ts';
import { useSession } from '../lib/session.ts';

/**
 * Guards the signed-in area. While the session, and then who the user is and what they may do (GET
 * /api/me), are resolving it shows the indicator, so a protected page renders knowing the user's
 * role and its controls never appear late; when either could not be read (too many requests, no
 * connection) it says so and stays on the page, since that is no sign-out; without a user it
 * replaces the history entry with /login and remembers where the user was going in
 * `location.state.from` (a Location: pathname, search and hash), so sign-in can send them back.
 */
export function ProtectedRoute() {
  const { user, isPending, unavailable, retry } = useSession();
  const me = useMe(Boolean(user));
  const location = useLocation();
  if (isPending) return <AuthResolving />;
  if (!user && unavailable) return <SessionUnavailable error={unavailable} onRetry={retry} />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  if (me.data === undefined) {
    // A 401 is no error to show: the query client forgets the user, and this sends them to /login.
    if (me.error && me.error.status !== 401) {
      return <SessionUnavailable error={me.error} onRetry={() => void me.refetch()} />;
    }
    return <AuthResolving />;
  }
  return <Outlet />;
}
