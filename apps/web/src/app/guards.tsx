import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { useAuthSession } from '../features/auth/api/get-session';
import { redirectToLogin } from '../lib/login-redirect';

/** /dashboard, /profile, /billing, /debug: signed-out visitors go to /signin. */
export function RequireSignedIn() {
  const { status } = useAuthSession();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signed-out') return <Navigate to="/signin" replace />;
  return <Outlet />;
}

/** /signin, /signup, /forgot-password: signed-in users go to /dashboard. */
export function RedirectIfSignedIn() {
  const { status } = useAuthSession();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signed-in') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}

/** '/': the landing page for visitors, the dashboard for signed-in users. */
export function HomeRoute({ landing }: { landing: ReactNode }) {
  const { status } = useAuthSession();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signed-in') return <Navigate to="/dashboard" replace />;
  return landing;
}

/** Toast, then after 500 ms a full page load of /api/login (SPEC §2, §8). */
function LoginRedirect() {
  useEffect(() => redirectToLogin(), []);
  return <PageSpinner />;
}

/** /help-center is listed as public but needs a session; a signed-out visitor is sent to log in. */
export function RequireSignedInOrLogin() {
  const { status } = useAuthSession();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signed-out') return <LoginRedirect />;
  return <Outlet />;
}
