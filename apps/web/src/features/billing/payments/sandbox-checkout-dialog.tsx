import { FlaskConical } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { errorMessage, isUnauthorizedError } from '../../../lib/api-client';
import { redirectToLogin } from '../../../lib/login-redirect';
import { showToast } from '../../../lib/toast';
import { useSandboxCheckout } from '../api/payment-sandbox/sandbox-checkout';
import { formatMoney } from '../billing-view';
import { checkoutErrorToast, checkoutFailureKind, PAYMENT_FAILED_TOAST } from './checkout-errors';
import type { PurchasablePlan } from './checkout-types';
import { EmailAddress } from '../../../components/ui/email-address';

interface SandboxCheckoutDialogProps {
  plan: PurchasablePlan | null;
  email: string;
  onPaid: () => void;
  onClose: () => void;
}

/**
 * The local payment sandbox's checkout, in place of Paddle's overlay when Paddle is not configured. It says
 * plainly that no money moves; paying runs the same signed-webhook path as a real payment.
 */
export function SandboxCheckoutDialog({ plan, email, onPaid, onClose }: SandboxCheckoutDialogProps) {
  const checkout = useSandboxCheckout();

  const pay = () => {
    if (!plan) return;
    checkout.mutate(plan.paddlePriceId, {
      onSuccess: onPaid,
      onError: (error) => {
        if (isUnauthorizedError(error)) return redirectToLogin();
        if (checkoutFailureKind(error) === 'network') {
          return showToast({ variant: 'destructive', ...checkoutErrorToast(error) });
        }
        // The server's reason (e.g. an existing subscription) says more than the generic wording.
        const reason = errorMessage(error);
        showToast({
          variant: 'destructive',
          title: PAYMENT_FAILED_TOAST.title,
          description: reason ?? PAYMENT_FAILED_TOAST.description,
        });
      },
    });
  };

  return (
    <Dialog open={plan !== null} onOpenChange={(open) => (open || checkout.isPending ? undefined : onClose())}>
      {plan ? (
        <DialogContent
          title="Sandbox checkout — no real payment"
          description="This is the local payment sandbox. No card is charged and no money moves."
        >
          <div className="space-y-4">
            <p className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              <FlaskConical aria-hidden className="size-4 shrink-0" />
              Test mode: payments here are simulated.
            </p>
            <dl className="divide-y divide-stone-200 rounded-xl border border-stone-200 text-sm">
              <div className="flex justify-between gap-4 px-4 py-3">
                <dt className="text-stone-600">Plan</dt>
                <dd className="font-semibold text-stone-900">{plan.name}</dd>
              </div>
              <div className="flex justify-between gap-4 px-4 py-3">
                <dt className="text-stone-600">Price</dt>
                <dd className="font-semibold text-stone-900">{formatMoney(plan.amount, plan.currency)} / month</dd>
              </div>
              <div className="flex justify-between gap-4 px-4 py-3">
                <dt className="text-stone-600">Images included</dt>
                <dd className="font-semibold text-stone-900">{plan.imagesIncluded.toLocaleString('en-US')} / month</dd>
              </div>
              <div className="flex flex-col gap-0.5 px-4 py-3 sm:flex-row sm:justify-between sm:gap-4">
                <dt className="shrink-0 text-stone-600">Customer email</dt>
                <dd className="min-w-0 font-semibold text-stone-900 sm:text-right">
                  <EmailAddress email={email} />
                </dd>
              </div>
            </dl>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={onClose} disabled={checkout.isPending}>
                Cancel
              </Button>
              <Button onClick={pay} disabled={checkout.isPending}>
                {checkout.isPending ? 'Processing payment...' : `Pay ${formatMoney(plan.amount, plan.currency)}`}
              </Button>
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
