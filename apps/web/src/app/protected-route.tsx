import { Navigate, Outlet, useLocation } from 'react-router';
import { AuthResolving } from '../components/auth-resolving.tsx';
import { SessionUnavailable } from '../components/session-unavailable.tsx';
import { paths } from '../config/paths.ts';
import { useSession } from '../lib/session.ts';

/**
 * Guards the signed-in area. While the session is resolving it shows the indicator; when it could
 * not be read (too many requests, no connection) it says so and stays on the page, since that is no
 * sign-out; without a user it replaces the history entry with /login and remembers where the user
 * was going in `location.state.from` (a Location: pathname, search and hash), so sign-in can send
 * them back.
 */
export function ProtectedRoute() {
  const { user, isPending, unavailable, retry } = useSession();
  const location = useLocation();
  if (isPending) return <AuthResolving />;
  if (!user && unavailable) return <SessionUnavailable error={unavailable} onRetry={retry} />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Outlet />;
}
