// The route guard of spec.md section 2, exactly: no access token -> /login; a route with roles loads
// the current user; a failed load -> /login; a role not in the list -> /unauthorized.
import type { Role } from '@app/shared';
import { Navigate, Outlet } from 'react-router';
import { LoadingText } from '../components/ui/Spinner.tsx';
import { paths } from '../config/paths.ts';
import { refreshWentUnanswered } from '../lib/api-client.ts';
import { offlineUser, useCurrentUser } from '../lib/auth.ts';
import { useAccessToken } from '../lib/session.ts';
import { useRenewWhenOnline, WaitingForConnection } from './pwa/WaitingForConnection.tsx';

export function RequireAuth() {
  const token = useAccessToken();
  // Opened offline (DESIGN.md section 23): the refresh got no answer, so the page does not ask to
  // sign in again. With the device's last user (lib/offline-session.ts) it opens, the counter
  // selling from the device; without one it waits for the connection where it is.
  if (!token && refreshWentUnanswered())
    return offlineUser(token) ? <OfflineOutlet /> : <WaitingForConnection />;
  if (!token) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}

/** The pages, open offline for the device's last user until the session is renewed online. */
function OfflineOutlet() {
  useRenewWhenOnline();
  return <Outlet />;
}

export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const token = useAccessToken();
  const user = useCurrentUser();
  if (!token && !offlineUser(token)) return <Navigate to={paths.login} replace />;
  if (user.isPending) return <LoadingText />;
  if (user.isError) return <Navigate to={paths.login} replace />;
  if (!roles.includes(user.data.role)) return <Navigate to={paths.unauthorized} replace />;
  return <Outlet />;
}
