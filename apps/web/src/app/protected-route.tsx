import { Navigate, Outlet, useLocation } from 'react-router';
import { AuthResolving } from '../components/auth-resolving.tsx';
import { paths } from '../config/paths.ts';
import { useSession } from '../lib/session.ts';

/**
 * Guards the signed-in area. While the session is resolving it shows the indicator; without a user
 * it replaces the history entry with /login and remembers where the user was going in
 * `location.state.from` (a Location: pathname, search and hash), so sign-in can send them back.
 */
export function ProtectedRoute() {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <AuthResolving />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  return <Outlet />;
}
