import { planNameSchema, type PlanName, type SandboxSubscription } from '@hearth/contracts';
import { FlaskConical } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { BackLink } from '../../components/layout/back-link';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useCancelSandboxSubscription } from '../../features/billing/api/payment-sandbox/cancel-at-period-end';
import { useChangeSandboxPlan } from '../../features/billing/api/payment-sandbox/change-plan';
import { useSetSandboxFailNextRenewal } from '../../features/billing/api/payment-sandbox/fail-next-renewal';
import { useSandboxSubscription } from '../../features/billing/api/payment-sandbox/get-sandbox-subscription';
import { usePaySandboxBalanceNow } from '../../features/billing/api/payment-sandbox/pay-now';
import { useRenewSandboxSubscriptionNow } from '../../features/billing/api/payment-sandbox/renew-now';
import { useResumeSandboxSubscription } from '../../features/billing/api/payment-sandbox/resume-subscription';
import { errorMessage, isUnauthorizedError } from '../../lib/api-client';
import { cn } from '../../lib/class-names';
import { formatLongDate } from '../../lib/format';
import { redirectToLogin } from '../../lib/login-redirect';
import { showToast } from '../../lib/toast';
import { useRefreshAccount } from '../billing/use-refresh-account';

const statusBadge: Record<NonNullable<SandboxSubscription>['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  past_due: { label: 'Past Due', tone: 'danger' },
  canceled: { label: 'Canceled', tone: 'danger' },
};

/** Toasts the server's answer, refreshes what the action changed, and reports failures the same way. */
function useActionFeedback() {
  const refreshAccount = useRefreshAccount();
  return {
    onSuccess: ({ message }: { message: string }) => {
      showToast({ title: 'Done', description: message });
      refreshAccount();
    },
    onError: (error: Error) => {
      if (isUnauthorizedError(error)) return redirectToLogin();
      showToast({
        variant: 'destructive',
        title: 'Error',
        description: errorMessage(error) ?? 'The sandbox could not do that. Please try again.',
      });
    },
  };
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <dt className="text-sm text-stone-600">{label}</dt>
      <dd className="text-sm font-semibold text-stone-900">{children}</dd>
    </div>
  );
}

function Portal({ subscription }: { subscription: NonNullable<SandboxSubscription> }) {
  const feedback = useActionFeedback();
  const changePlan = useChangeSandboxPlan();
  const cancel = useCancelSandboxSubscription();
  const resume = useResumeSandboxSubscription();
  const failNext = useSetSandboxFailNextRenewal();
  const renew = useRenewSandboxSubscriptionNow();
  const payNow = usePaySandboxBalanceNow();
  const busy = [changePlan, cancel, resume, failNext, renew, payNow].some((action) => action.isPending);
  const status = statusBadge[subscription.status];
  const pastDue = subscription.status === 'past_due';

  return (
    <div className="space-y-6">
      <Card aria-labelledby="sandbox-subscription-title">
        <CardHeader>
          <CardTitle id="sandbox-subscription-title">Your subscription</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y divide-stone-200 rounded-xl border border-stone-200">
            <Row label="Plan">{subscription.planName}</Row>
            <Row label="Status">
              <span className="inline-flex flex-wrap items-center gap-2">
                <Badge tone={status.tone}>{status.label}</Badge>
                {subscription.cancelAtPeriodEnd ? <Badge tone="warning">Ends at period end</Badge> : null}
              </span>
            </Row>
            <Row label="Current period">
              {formatLongDate(subscription.currentPeriodStart)} – {formatLongDate(subscription.currentPeriodEnd)}
            </Row>
            <Row label="Next renewal">
              {subscription.cancelAtPeriodEnd
                ? 'None: the subscription ends with this period'
                : subscription.failNextRenewal
                  ? 'Will fail (simulated)'
                  : 'Will be paid'}
            </Row>
          </dl>
        </CardContent>
      </Card>

      {pastDue ? (
        <Card aria-labelledby="sandbox-overdue-title" className="border-red-200">
          <CardHeader>
            <CardTitle id="sandbox-overdue-title">Payment overdue</CardTitle>
            <CardDescription>The last renewal failed. Settle it to make the subscription active again.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="destructive" disabled={busy} onClick={() => payNow.mutate(undefined, feedback)}>
              Pay overdue balance
            </Button>
          </CardContent>
        </Card>
      ) : null}

      <Card aria-labelledby="sandbox-plan-title">
        <CardHeader>
          <CardTitle id="sandbox-plan-title">Change plan</CardTitle>
          <CardDescription>The new plan applies at once.</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="grid gap-3 sm:grid-cols-3">
            {planNameSchema.options.map((plan: PlanName) => {
              const current = plan === subscription.planName;
              return (
                <Button
                  key={plan}
                  variant={current ? 'secondary' : 'primary'}
                  disabled={busy || current}
                  onClick={() => changePlan.mutate(plan, feedback)}
                >
                  {current ? `${plan} (current)` : `Switch to ${plan}`}
                </Button>
              );
            })}
          </div>
        </CardContent>
      </Card>

      <Card aria-labelledby="sandbox-renewal-title">
        <CardHeader>
          <CardTitle id="sandbox-renewal-title">Cancellation and renewal</CardTitle>
          <CardDescription>Try what happens at the end of a billing period without waiting a month.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="flex flex-wrap gap-3">
            {subscription.cancelAtPeriodEnd ? (
              <Button disabled={busy} onClick={() => resume.mutate(undefined, feedback)}>
                Resume subscription
              </Button>
            ) : (
              <Button variant="secondary" disabled={busy} onClick={() => cancel.mutate(undefined, feedback)}>
                Cancel at period end
              </Button>
            )}
            <Button variant="secondary" disabled={busy} onClick={() => renew.mutate(undefined, feedback)}>
              Simulate renewal now
            </Button>
          </div>
          <label className="flex cursor-pointer items-start gap-3">
            <button
              type="button"
              role="switch"
              aria-checked={subscription.failNextRenewal}
              aria-labelledby="fail-next-renewal-label"
              aria-describedby="fail-next-renewal-help"
              disabled={busy}
              onClick={() => failNext.mutate(!subscription.failNextRenewal, feedback)}
              className={cn(
                'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-55',
                subscription.failNextRenewal ? 'bg-red-600' : 'bg-stone-300',
              )}
            >
              <span
                aria-hidden
                className={cn(
                  'inline-block size-5 rounded-full bg-white shadow transition-transform',
                  subscription.failNextRenewal ? 'translate-x-5.5' : 'translate-x-0.5',
                )}
              />
            </button>
            <span className="space-y-0.5">
              <span id="fail-next-renewal-label" className="block text-sm font-semibold text-stone-900">
                Make the next renewal fail
              </span>
              <span id="fail-next-renewal-help" className="block text-sm text-stone-600">
                The next renewal is refused and the subscription becomes past due, with its 3-day grace period.
              </span>
            </span>
          </label>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * The local payment sandbox's customer portal (where POST /api/billing/portal points when Paddle is not
 * configured): the same changes Paddle's portal makes, plus controls to try renewals and failed payments.
 */
export default function SandboxPortalPage() {
  const subscription = useSandboxSubscription();
  const unauthorized = isUnauthorizedError(subscription.error);
  useEffect(() => {
    if (unauthorized) redirectToLogin();
  }, [unauthorized]);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>Sandbox customer portal · Hearth</title>
      <div className="space-y-3">
        <BackLink to="/billing">Back to Billing</BackLink>
        <h1 className="font-display text-3xl font-bold text-stone-900">Sandbox customer portal — no real payment</h1>
        <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0" />
          This is the local payment sandbox. No card is charged; every change here reaches Hearth as a signed payment
          event, just as it would from the real payment provider.
        </p>
      </div>
      {subscription.data ? (
        <Portal subscription={subscription.data} />
      ) : subscription.data === null ? (
        <Card>
          <CardContent className="space-y-3">
            <p className="font-semibold text-stone-900">You have no subscription in the sandbox.</p>
            <p className="text-sm text-stone-600">Choose a plan on the billing page to start one.</p>
            <ButtonLink to="/billing" variant="secondary" size="sm">
              View Plans
            </ButtonLink>
          </CardContent>
        </Card>
      ) : subscription.error && !unauthorized ? (
        <Card>
          <CardContent role="alert" className="space-y-3">
            <p className="font-semibold text-stone-900">
              {errorMessage(subscription.error) ?? 'The sandbox subscription could not be loaded.'}
            </p>
            <Button variant="secondary" size="sm" onClick={() => void subscription.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : (
        <Spinner className="py-16" label="Loading your subscription" />
      )}
    </div>
  );
}
