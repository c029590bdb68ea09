import type { User } from '@hearth/contracts';
import { BackLink } from '../../components/layout/back-link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { CurrentUserGate } from '../../features/auth/components/current-user-gate';

/** SPEC §4 status labels. */
const statusLabels: Record<NonNullable<User['subscriptionStatus']> | 'none', string> = {
  trial: 'Trial',
  active: 'Active',
  canceled: 'Canceled',
  past_due: 'Past Due',
  none: 'No Subscription',
};

export default function BillingPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <title>Billing · Hearth</title>
      <div className="space-y-3">
        <BackLink to="/dashboard">Back to Dashboard</BackLink>
        <h1 className="font-display text-3xl font-bold text-stone-900">Billing</h1>
      </div>
      <CurrentUserGate>
        {(user) => (
          <Card aria-labelledby="subscription-status-title">
            <CardHeader>
              <CardTitle id="subscription-status-title">Subscription</CardTitle>
              <CardDescription>Cancel any time, with no fees or contracts.</CardDescription>
            </CardHeader>
            <CardContent>
              <p className="text-sm text-stone-600">
                Status:{' '}
                <span className="font-semibold text-stone-900">{statusLabels[user.subscriptionStatus ?? 'none']}</span>
              </p>
            </CardContent>
          </Card>
        )}
      </CurrentUserGate>
    </div>
  );
}
