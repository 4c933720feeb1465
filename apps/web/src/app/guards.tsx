// The route guard of spec.md section 2, exactly: no access token -> /login; a route with roles loads
// the current user; a failed load -> /login; a role not in the list -> /unauthorized.
import type { Role } from '@app/shared';
import { Navigate, Outlet } from 'react-router';
import { LoadingText } from '../components/ui/Spinner.tsx';
import { paths } from '../config/paths.ts';
import { useCurrentUser } from '../lib/auth.ts';
import { useAccessToken } from '../lib/session.ts';

export function RequireAuth() {
  const token = useAccessToken();
  if (!token) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}

export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const token = useAccessToken();
  const user = useCurrentUser();
  if (!token) return <Navigate to={paths.login} replace />;
  if (user.isPending) return <LoadingText />;
  if (user.isError) return <Navigate to={paths.login} replace />;
  if (!roles.includes(user.data.role)) return <Navigate to={paths.unauthorized} replace />;
  return <Outlet />;
}
