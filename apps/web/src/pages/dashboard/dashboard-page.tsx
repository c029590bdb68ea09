import type { User } from '@hearth/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { currentUserQueryKeys } from '../../features/auth/api/get-current-user';
import { CurrentUserGate } from '../../features/auth/components/current-user-gate';
import { userGreetingName } from '../../features/auth/user-display';
import { useProjects } from '../../features/projects/api/get-projects';
import { ProjectsList } from '../../features/projects/components/projects-list';
import type { GenerateAgainOptions } from '../../features/projects/generate-again';
import { useRefreshOnCompletion } from '../../features/projects/use-refresh-on-completion';
import { useTemplates } from '../../features/templates/api/get-templates';
import { customInstructionsAvailable } from '../../features/templates/template-groups';
import { usageStatsQueryKey, useUsageStats } from '../../features/usage/api/get-usage-stats';
import { useStartTrial } from '../../features/usage/api/start-trial';
import { SubscriptionBanner } from '../../features/usage/components/subscription-banner';
import { UsageCard } from '../../features/usage/components/usage-card';
import { isUnauthorizedError } from '../../lib/api-client';
import { redirectToLogin } from '../../lib/login-redirect';
import { checkQuota } from '../../lib/quota';
import { showToast } from '../../lib/toast';
import { reportStartTrialFailure } from '../../features/usage/start-trial-failure';
import { AccountCard } from './account-card';
import { UploadSection } from './upload-section';

function Dashboard({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const usage = useUsageStats();
  const templates = useTemplates();
  const projects = useProjects();
  const startTrial = useStartTrial();

  // SPEC §8: a dashboard call that finds the user logged out sends them to log in again.
  const unauthorized = [usage.error, templates.error, projects.error].some(isUnauthorizedError);
  useEffect(() => {
    if (unauthorized) redirectToLogin();
  }, [unauthorized]);

  const refreshUsage = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: usageStatsQueryKey }),
    [queryClient],
  );
  useRefreshOnCompletion(projects.data, refreshUsage);

  // 'Generate again' in the review uses the templates and the allowance, which other features own.
  const stats = usage.data;
  const generate = useMemo<GenerateAgainOptions>(
    () => ({
      templates: templates.data,
      customInstructionsAvailable: templates.data ? customInstructionsAvailable(templates.data) : false,
      blockedReason:
        !stats || stats.canUpload
          ? null
          : (stats.restriction ?? 'Please update your subscription to continue using the platform.'),
      checkQuota: (variations) => (stats ? checkQuota(stats, 1, variations) : null),
      onImagesChanged: refreshUsage,
    }),
    [templates.data, stats, refreshUsage],
  );

  const onStartTrial = () =>
    startTrial.mutate(undefined, {
      onSuccess: (result) => {
        // The header's 'Upgrade' button follows the user's subscription status.
        void queryClient.invalidateQueries({ queryKey: currentUserQueryKeys.all });
        showToast({ title: 'Trial Started', description: result.message });
      },
      onError: reportStartTrialFailure,
    });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-bold break-words text-stone-900 sm:text-4xl">
          Welcome, {userGreetingName(user)}
        </h1>
        <p className="mt-2 text-stone-600">Upload listing photos and get staged, enhanced versions back.</p>
      </div>

      {usage.data ? (
        <SubscriptionBanner
          stats={usage.data}
          onStartTrial={onStartTrial}
          startingTrial={startTrial.isPending}
          onCountdownEnd={refreshUsage}
          stagingAvailable={templates.data ? customInstructionsAvailable(templates.data) : false}
        />
      ) : null}

      {/* On phones the usage card comes before the upload card; on wide screens both side cards sit on the right. */}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr]">
        {usage.data ? (
          <div className="lg:col-start-2 lg:row-start-1">
            <UsageCard stats={usage.data} />
          </div>
        ) : null}
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          {usage.data ? (
            <UploadSection
              stats={usage.data}
              templates={templates.data}
              templatesError={Boolean(templates.error)}
              onRetryTemplates={() => void templates.refetch()}
              onStartTrial={onStartTrial}
              startingTrial={startTrial.isPending}
            />
          ) : usage.error && !usage.isFetching ? (
            <Card>
              <CardContent role="alert" className="space-y-3">
                <p className="font-semibold text-stone-900">Your plan and usage could not be loaded.</p>
                <Button variant="secondary" size="sm" onClick={() => void usage.refetch()}>
                  Try again
                </Button>
              </CardContent>
            </Card>
          ) : (
            <Spinner className="py-16" label="Loading your plan" />
          )}
          <ProjectsList
            projects={projects.data}
            error={projects.error}
            onRetry={() => void projects.refetch()}
            generate={generate}
          />
        </div>
        <div className="lg:col-start-2 lg:row-start-2">
          <AccountCard user={user} />
        </div>
      </div>
    </div>
  );
}

export default function DashboardPage() {
  return (
    <>
      <title>Dashboard · Hearth</title>
      <CurrentUserGate>{(user) => <Dashboard user={user} />}</CurrentUserGate>
    </>
  );
}
