/**
 * What Hearth asks of a payment provider once a subscription exists. Paddle Billing implements it in
 * production (adapters/paddle-billing.ts); the local payment sandbox implements it on a fresh machine.
 * Both report the outcome later as Paddle-format webhook events, so state changes only through the
 * webhook handler.
 */
export interface PaymentGateway {
  readonly kind: 'paddle' | 'local-sandbox';
  /** A one-time link to the customer portal for this customer and subscription. */
  createPortalUrl(customerId: string, subscriptionId: string): Promise<string>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** Removes a scheduled cancellation. */
  reactivate(subscriptionId: string): Promise<void>;
  /** Moves the subscription to another price at once, prorated. */
  changePlan(subscriptionId: string, priceId: string): Promise<void>;
  /** Bills images used past the plan's allowance, as a one-off charge on the subscription. */
  chargeOverage(subscriptionId: string, charge: OverageCharge): Promise<void>;
}

export interface OverageCharge {
  images: number;
  unitPriceCents: number;
  currency: string;
  description: string;
}

/** The provider refused or failed a request; `message` is safe to show. */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
