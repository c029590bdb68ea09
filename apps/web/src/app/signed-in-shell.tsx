import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback } from 'react';
import { Outlet } from 'react-router';
import { Logo } from '../components/layout/logo';
import { SiteFooter } from '../components/layout/site-footer';
import { Spinner } from '../components/ui/spinner';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useAuthSession } from '../features/auth/api/get-session';
import { UserMenu } from '../features/auth/components/user-menu';
import { PlansButton } from '../features/billing/components/plans-button';
import { projectsQueryKeys } from '../features/projects/api/get-projects';
import type { PhotoUpdate } from '../features/subscription-events/subscription-event-messages';
import { useSubscriptionEvents } from '../features/subscription-events/use-subscription-events';
import { useUsageStats } from '../features/usage/api/get-usage-stats';
import { useRefreshAccount } from '../pages/billing/use-refresh-account';

/** SPEC §2 /dashboard header: 'Upgrade' during the trial, 'View Plans' otherwise, a plan badge for subscribers. */
function HeaderPlansButton() {
  const { data: user } = useCurrentUser();
  const usage = useUsageStats();
  if (!user) return null;
  return <PlansButton usage={usage.data} userStatus={user.subscriptionStatus} />;
}

/**
 * SPEC §4: the subscription event stream, open while signed in; its events refetch billing, usage and user. A
 * version of a photo that starts or finishes makes that photo's versions and its project's photos stale: the
 * review showing them asks again at once (the 5 s polling stays as the fallback when the stream is down).
 */
function SubscriptionEvents() {
  const { session } = useAuthSession();
  const refreshAccount = useRefreshAccount();
  const queryClient = useQueryClient();
  const onPhotoUpdated = useCallback(
    ({ projectId, photoId }: PhotoUpdate) => {
      void queryClient.invalidateQueries({ queryKey: projectsQueryKeys.versions(projectId, photoId) });
      void queryClient.invalidateQueries({ queryKey: projectsQueryKeys.photos(projectId), exact: true });
    },
    [queryClient],
  );
  useSubscriptionEvents(session?.user.id, refreshAccount, onPhotoUpdated);
  return null;
}

/** Header, main landmark and footer shared by the signed-in screens. */
export default function SignedInShell() {
  return (
    <>
      <SubscriptionEvents />
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo to="/dashboard" />
          <div className="flex items-center gap-3">
            <HeaderPlansButton />
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
