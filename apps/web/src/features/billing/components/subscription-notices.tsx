import { CircleAlert, CreditCard, Hourglass } from 'lucide-react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { formatLongDate } from '../../../lib/format';

/** SPEC §2: red, when the status is past_due. */
export function PaymentFailedBanner({ onOpenPortal, opening }: { onOpenPortal: () => void; opening: boolean }) {
  return (
    <Banner
      id="payment-failed-title"
      title="Payment Failed"
      tone="danger"
      Icon={CreditCard}
      action={
        <Button variant="destructive" onClick={onOpenPortal} disabled={opening} className="w-full sm:w-auto">
          Update Payment Method
        </Button>
      }
    >
      <p>Your payment failed. Please update your payment method to continue using the service.</p>
    </Banner>
  );
}

/** SPEC §2: yellow, while the subscription is set to cancel at the end of the period. */
export function SubscriptionEndingBanner({ periodEnd }: { periodEnd: string | null }) {
  return (
    <Banner id="subscription-ending-title" title="Subscription Ending" tone="warning" Icon={Hourglass}>
      <p>
        Your subscription will end on{' '}
        <span className="font-semibold text-stone-900">
          {periodEnd ? formatLongDate(periodEnd) : 'the end of this period'}
        </span>
        . You keep full access until then, and you can resume anytime from the customer portal.
      </p>
    </Banner>
  );
}

/** SPEC §2: red, once the subscription has ended. */
export function SubscriptionCanceledBanner() {
  return (
    <Banner id="subscription-canceled-title" title="Subscription Canceled" tone="danger" Icon={CircleAlert}>
      <p>Your subscription has been canceled. Choose a new plan below to resubscribe.</p>
    </Banner>
  );
}
