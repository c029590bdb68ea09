import type { Plan, PlanName } from '@hearth/contracts';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../../lib/toast';
import { usePaymentConfig } from '../api/get-payment-config';
import { scheduleRefetches } from '../refetch-schedule';
import {
  AUTHENTICATION_ERROR_TOAST,
  CHECKOUT_COMPLETED_TOAST,
  CheckoutFailure,
  checkoutErrorToast,
  checkoutFailureKind,
  PAYMENT_FAILED_TOAST,
} from './checkout-errors';
import type { CheckoutCustomer, PurchasablePlan } from './checkout-types';
import { SandboxCheckoutDialog } from './sandbox-checkout-dialog';

export const SUCCESS_PATH = '/billing?success=true';

/** The payment configuration, asked for again if the first load failed; a failure means not ready. */
async function loadPaymentConfig(refetch: ReturnType<typeof usePaymentConfig>['refetch']) {
  const { data, error } = await refetch();
  if (data) return data;
  if (checkoutFailureKind(error) === 'network') throw error;
  throw new CheckoutFailure('not-ready', 'Payment configuration unavailable');
}

interface UseCheckoutOptions {
  /** The signed-in user; undefined while unknown. */
  customer: CheckoutCustomer | undefined;
  /** Refetches billing status, usage stats and the current user (they belong to several features). */
  refreshAccount: () => void;
}

export interface Checkout {
  /** Opens the checkout for a plan, or explains with a toast why it cannot. */
  start: (plan: Plan) => void;
  /** The plan whose checkout is opening ('Opening Checkout...'), if any. */
  openingPlan: PlanName | null;
  /** The sandbox checkout dialog; render it anywhere on the page (null with Paddle). */
  element: ReactNode;
}

/**
 * One way to buy a plan, whichever provider the server configured: Paddle's overlay, or the local
 * sandbox's dialog. The page only calls `start` and renders `element`.
 */
export function useCheckout({ customer, refreshAccount }: UseCheckoutOptions): Checkout {
  const navigate = useNavigate();
  const config = usePaymentConfig();
  const [openingPlan, setOpeningPlan] = useState<PlanName | null>(null);
  const [sandboxPlan, setSandboxPlan] = useState<PurchasablePlan | null>(null);

  const completed = () => {
    showToast({ id: 'checkout', ...CHECKOUT_COMPLETED_TOAST });
    scheduleRefetches(refreshAccount);
  };
  const callbacks = {
    onCompleted: completed,
    onPaymentFailed: () => showToast({ id: 'checkout', variant: 'destructive', ...PAYMENT_FAILED_TOAST }),
    onClosed: () => setOpeningPlan(null),
  };

  const start = async (plan: Plan) => {
    if (!customer?.id) return showToast({ variant: 'destructive', ...AUTHENTICATION_ERROR_TOAST });
    setOpeningPlan(plan.name);
    try {
      if (!plan.paddlePriceId) throw new CheckoutFailure('missing-price', `${plan.name} has no price id`);
      const purchasable = { ...plan, paddlePriceId: plan.paddlePriceId };
      const payment = config.data ?? (await loadPaymentConfig(config.refetch));
      if (payment.provider === 'local-sandbox') {
        setSandboxPlan(purchasable);
      } else {
        // Loaded on demand: Paddle.js stays out of the bundle until someone buys.
        const { openPaddleCheckout } = await import('./paddle-checkout');
        await openPaddleCheckout(
          { environment: payment.environment, clientToken: payment.clientToken },
          { plan: purchasable, customer, successUrl: `${window.location.origin}${SUCCESS_PATH}` },
          callbacks,
        );
      }
    } catch (error) {
      showToast({ variant: 'destructive', ...checkoutErrorToast(error) });
    } finally {
      setOpeningPlan(null);
    }
  };

  const element = (
    <SandboxCheckoutDialog
      plan={sandboxPlan}
      email={customer?.email ?? ''}
      onClose={() => setSandboxPlan(null)}
      onPaid={() => {
        setSandboxPlan(null);
        completed();
        void navigate(SUCCESS_PATH);
      }}
    />
  );

  return { start: (plan) => void start(plan), openingPlan, element };
}
