import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Logo } from '../components/layout/logo';
import { SiteFooter } from '../components/layout/site-footer';
import { ButtonLink } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { UserMenu } from '../features/auth/components/user-menu';

/** 'Upgrade' during the trial, otherwise 'View Plans' ('Trial' on small screens). SPEC §2 /dashboard header. */
function PlansButton() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <ButtonLink to="/billing" size="sm" variant={user.subscriptionStatus === 'trial' ? 'primary' : 'secondary'}>
      {user.subscriptionStatus === 'trial' ? (
        'Upgrade'
      ) : (
        <>
          <span className="hidden sm:inline">View Plans</span>
          <span className="sm:hidden">Trial</span>
        </>
      )}
    </ButtonLink>
  );
}

/** Header, main landmark and footer shared by the signed-in screens. */
export default function SignedInShell() {
  return (
    <>
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo to="/dashboard" />
          <div className="flex items-center gap-3">
            <PlansButton />
            <UserMenu />
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
        <Suspense fallback={<Spinner className="py-24" />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter variant="app" />
    </>
  );
}
