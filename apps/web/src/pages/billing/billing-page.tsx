import type { BillingStatus, User, UsageStats } from '@hearth/contracts';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { BackLink } from '../../components/layout/back-link';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { CurrentUserGate } from '../../features/auth/components/current-user-gate';
import { useBillingStatus } from '../../features/billing/api/get-billing-status';
import { usePlans } from '../../features/billing/api/get-plans';
import { useStartTrialFromBilling } from '../../features/billing/api/start-trial';
import { billingSections } from '../../features/billing/billing-view';
import { PlanManagementCard } from '../../features/billing/components/plan-management-card';
import {
  PaymentFailedBanner,
  SubscriptionCanceledBanner,
  SubscriptionEndingBanner,
} from '../../features/billing/components/subscription-notices';
import { SubscriptionStatusBadge } from '../../features/billing/components/subscription-status-badge';
import { SubscriptionPlansCard } from '../../features/billing/components/subscription-plans-card';
import { TrialBanner } from '../../features/billing/components/trial-banner';
import { UsageOverviewCard } from '../../features/billing/components/usage-overview-card';
import { useCheckout } from '../../features/billing/payments/use-checkout';
import { useCustomerPortal } from '../../features/billing/use-customer-portal';
import { useTemplates } from '../../features/templates/api/get-templates';
import { customInstructionsAvailable } from '../../features/templates/template-groups';
import { useUsageStats } from '../../features/usage/api/get-usage-stats';
import { isUnauthorizedError } from '../../lib/api-client';
import { redirectToLogin } from '../../lib/login-redirect';
import { showToast } from '../../lib/toast';
import { reportStartTrialFailure } from '../../features/usage/start-trial-failure';
import { useNow } from '../../lib/use-now';
import { useRefreshAccount } from './use-refresh-account';

const MINUTE_MS = 60_000;

/** SPEC §2: ?success=true (back from checkout) shows the toast, leaves the address and refreshes the data. */
function useCheckoutSuccessParam(refresh: () => void) {
  const [params, setParams] = useSearchParams();
  const success = params.get('success') === 'true';
  useEffect(() => {
    if (!success) return;
    showToast({
      id: 'checkout',
      title: 'Subscription Successful!',
      description: 'Your subscription has been activated. Welcome!',
    });
    setParams(
      (current) => {
        current.delete('success');
        return current;
      },
      { replace: true },
    );
    refresh();
  }, [success, setParams, refresh]);
}

function Billing({ user }: { user: User }) {
  const billing = useBillingStatus();
  const usage = useUsageStats();
  const refreshAccount = useRefreshAccount();
  const refreshBillingAndUsage = useCallback(() => refreshAccount({ user: false }), [refreshAccount]);
  useCheckoutSuccessParam(refreshBillingAndUsage);

  // SPEC §8: a billing call that finds the user logged out sends them to log in again.
  const unauthorized = [billing.error, usage.error].some(isUnauthorizedError);
  useEffect(() => {
    if (unauthorized) redirectToLogin();
  }, [unauthorized]);

  if (billing.data && usage.data) {
    return <BillingScreens user={user} billing={billing.data} usage={usage.data} />;
  }
  if ((billing.error && !billing.isFetching) || (usage.error && !usage.isFetching)) {
    return (
      <Card>
        <CardContent role="alert" className="space-y-3">
          <p className="font-semibold text-stone-900">Your plan and billing details could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={refreshBillingAndUsage}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <Spinner className="py-16" label="Loading your plan" />;
}

function BillingScreens({ user, billing, usage }: { user: User; billing: BillingStatus; usage: UsageStats }) {
  const now = useNow(MINUTE_MS);
  const plans = usePlans();
  // The trial tile promises staging and custom prompts only where this server can run them.
  const templates = useTemplates();
  const refreshAccount = useRefreshAccount();
  const checkout = useCheckout({ customer: user, refreshAccount: () => refreshAccount() });
  const portal = useCustomerPortal();
  const startTrial = useStartTrialFromBilling();
  const sections = billingSections(billing, usage);
  const canceled = billing.subscriptionStatus === 'canceled';

  const onStartTrial = () =>
    startTrial.mutate(undefined, {
      onSuccess: () => {
        refreshAccount();
        showToast({
          title: 'Trial Started',
          description: 'You can now process up to 10 images during your trial period.',
        });
      },
      onError: reportStartTrialFailure,
    });

  return (
    <div className="space-y-6">
      {sections.trialBanner ? <TrialBanner stats={usage} /> : null}
      {sections.paymentFailed ? <PaymentFailedBanner onOpenPortal={portal.open} opening={portal.opening} /> : null}
      {sections.subscriptionEnding ? <SubscriptionEndingBanner periodEnd={billing.currentPeriodEnd} /> : null}
      {sections.subscriptionCanceled ? <SubscriptionCanceledBanner /> : null}
      {sections.usageOverview ? (
        <UsageOverviewCard
          stats={usage}
          mode={sections.usageOverview}
          plan={plans.data?.find((plan) => plan.name === (billing.planName ?? usage.planName))}
          now={now}
        />
      ) : null}
      {sections.plansCard ? (
        <SubscriptionPlansCard
          plans={plans.data}
          plansError={Boolean(plans.error)}
          onRetryPlans={() => void plans.refetch()}
          buttonContext={{ currentPlan: billing.planName, canceled, openingPlan: checkout.openingPlan }}
          onChoosePlan={checkout.start}
          canStartTrial={usage.canStartTrial}
          startingTrial={startTrial.isPending}
          onStartTrial={onStartTrial}
          stagingAvailable={templates.data ? customInstructionsAvailable(templates.data) : undefined}
        />
      ) : null}
      {sections.managementCard ? (
        <PlanManagementCard billing={billing} onOpenPortal={portal.open} openingPortal={portal.opening} />
      ) : null}
      {checkout.element}
    </div>
  );
}

/** The header's status word: the billing status, or 'Trial' while the free trial runs. */
function StatusBadge() {
  const billing = useBillingStatus();
  const usage = useUsageStats();
  if (!billing.data) return null;
  const status =
    billing.data.subscriptionStatus === 'none' && usage.data?.subscriptionType === 'trial'
      ? 'trialing'
      : billing.data.subscriptionStatus;
  return <SubscriptionStatusBadge status={status} />;
}

export default function BillingPage() {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <title>Billing · Hearth</title>
      <div className="space-y-3">
        <BackLink to="/dashboard">Back to Dashboard</BackLink>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-display text-3xl font-bold text-stone-900">Billing</h1>
          <StatusBadge />
        </div>
        <p className="text-stone-600">Your plan, usage and payment details.</p>
      </div>
      <CurrentUserGate>{(user) => <Billing user={user} />}</CurrentUserGate>
    </div>
  );
}
