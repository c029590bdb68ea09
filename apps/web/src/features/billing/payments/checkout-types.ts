import type { Plan } from '@hearth/contracts';

/** Who pays: the signed-in user, as checkout custom data and prefill need it. */
export interface CheckoutCustomer {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** A plan that can be bought: it has the payment provider's price id. */
export type PurchasablePlan = Plan & { paddlePriceId: string };

/** What a checkout reports back, whichever provider runs it. */
export interface CheckoutCallbacks {
  onCompleted: () => void;
  onPaymentFailed: () => void;
  onClosed: () => void;
}
