import type { BillingStatus } from '@hearth/contracts';
import { ExternalLink } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatLongDate } from '../../../lib/format';
import { formatMoney } from '../billing-view';
import { SubscriptionStatusBadge } from './subscription-status-badge';

interface PlanManagementCardProps {
  billing: BillingStatus;
  onOpenPortal: () => void;
  openingPortal: boolean;
}

/** SPEC §2 Plan & Billing Management: the plan and its monthly amount, and the way to the customer portal. */
export function PlanManagementCard({ billing, onOpenPortal, openingPortal }: PlanManagementCardProps) {
  const canceled = billing.subscriptionStatus === 'canceled';
  const planName = billing.planName ?? 'Your plan';
  return (
    <Card aria-labelledby="plan-management-title">
      <CardHeader>
        <CardTitle id="plan-management-title">Plan &amp; Billing Management</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <div className="flex flex-col gap-4 rounded-xl border border-stone-200 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-lg font-semibold text-stone-900">
                {canceled ? `Previous: ${planName}` : `${planName} Plan`}
              </p>
              <SubscriptionStatusBadge status={billing.subscriptionStatus} />
            </div>
            {canceled ? null : (
              <p className="text-sm text-stone-600">
                <span className="font-semibold text-stone-900">{formatMoney(billing.amount, billing.currency)}</span>{' '}
                per month
                {billing.currentPeriodEnd ? (
                  <>
                    {' · '}
                    {billing.cancelAtPeriodEnd ? 'Ends' : 'Renews'} {formatLongDate(billing.currentPeriodEnd)}
                  </>
                ) : null}
              </p>
            )}
          </div>
          <Button variant="secondary" onClick={onOpenPortal} disabled={openingPortal} className="shrink-0">
            <ExternalLink aria-hidden className="size-4" />
            {openingPortal ? 'Opening...' : 'Open Customer Portal'}
          </Button>
        </div>
        <p className="text-sm text-stone-600">
          Change your plan, update your payment method, download invoices or cancel in the customer portal. Changes take
          effect immediately, and you will receive an email confirmation for each.
        </p>
      </CardContent>
    </Card>
  );
}
