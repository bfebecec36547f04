import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../session/store';

/** Sends signed-out visitors to the login page, which brings them back here afterwards. */
export function RequireAuth() {
  const me = useSession((s) => s.me);
  const { pathname, search, hash } = useLocation();
  if (!me) {
    const back = encodeURIComponent(pathname + search + hash);
    return <Navigate to={`/login?redirect=${back}`} replace />;
  }
  return <Outlet />;
}
