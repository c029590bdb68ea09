import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { HomeRoute, RedirectIfSignedIn, RequireSignedIn, RequireSignedInOrLogin } from './guards';

// Route-level code splitting: each screen is its own chunk, so public pages never load the app's code.
const SignedInShell = lazy(() => import('./signed-in-shell'));
const LandingPage = lazy(() => import('../pages/landing/landing-page'));
const SignInPage = lazy(() => import('../pages/signin/signin-page'));
const SignUpPage = lazy(() => import('../pages/signup/signup-page'));
const ForgotPasswordPage = lazy(() => import('../pages/forgot-password/forgot-password-page'));
const UpdatePasswordPage = lazy(() => import('../pages/update-password/update-password-page'));
const DashboardPage = lazy(() => import('../pages/dashboard/dashboard-page'));
const ProfilePage = lazy(() => import('../pages/profile/profile-page'));
const BillingPage = lazy(() => import('../pages/billing/billing-page'));
const SandboxPortalPage = lazy(() => import('../pages/sandbox-portal/sandbox-portal-page'));
const HelpCenterPage = lazy(() => import('../pages/help-center/help-center-page'));
const DebugPage = lazy(() => import('../pages/debug/debug-page'));
const TermsOfUsePage = lazy(() => import('../pages/terms-of-use/terms-of-use-page'));
const PrivacyPolicyPage = lazy(() => import('../pages/privacy-policy/privacy-policy-page'));
const ContactUsPage = lazy(() => import('../pages/contact-us/contact-us-page'));
const DevOutboxPage = lazy(() => import('../pages/dev-outbox/dev-outbox-page'));
const NotFoundPage = lazy(() => import('../pages/not-found/not-found-page'));

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** The route table of SPEC §2. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <HomeRoute landing={<LandingPage />} /> },
      {
        element: <RedirectIfSignedIn />,
        children: [
          { path: '/signin', element: <SignInPage /> },
          { path: '/signup', element: <SignUpPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
        ],
      },
      { path: '/update-password', element: <UpdatePasswordPage /> },
      {
        element: <RequireSignedIn />,
        children: [
          {
            element: <SignedInShell />,
            children: [
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/profile', element: <ProfilePage /> },
              { path: '/billing', element: <BillingPage /> },
              { path: '/billing/sandbox-portal', element: <SandboxPortalPage /> },
              { path: '/debug', element: <DebugPage /> },
            ],
          },
        ],
      },
      {
        element: <RequireSignedInOrLogin />,
        children: [{ element: <SignedInShell />, children: [{ path: '/help-center', element: <HelpCenterPage /> }] }],
      },
      { path: '/terms-of-use', element: <TermsOfUsePage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/contact-us', element: <ContactUsPage /> },
      { path: '/dev/outbox', element: <DevOutboxPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
