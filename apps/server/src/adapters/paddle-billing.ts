import { ApiError, Environment, Paddle, type CurrencyCode } from '@paddle/paddle-node-sdk';
import {
  PaymentGatewayError,
  type OverageCharge,
  type PaymentGateway,
} from '../infrastructure/payments/payment-gateway';

export interface PaddleSettings {
  apiKey: string;
  /** 'sandbox', 'production', or a base URL (a proxy, or a loopback fake in tests). */
  environment: 'sandbox' | 'production' | (string & {});
}

/** Paddle Billing through its Node SDK: the only file that imports it. */
export function createPaddleGateway({ apiKey, environment }: PaddleSettings): PaymentGateway {
  const paddle = new Paddle(apiKey, { environment: toEnvironment(environment) });

  return {
    kind: 'paddle',
    createPortalUrl: (customerId, subscriptionId) =>
      call(async () => {
        const session = await paddle.customerPortalSessions.create(customerId, [subscriptionId]);
        return session.urls.general.overview;
      }),
    cancelAtPeriodEnd: (subscriptionId) =>
      call(async () => {
        await paddle.subscriptions.cancel(subscriptionId, { effectiveFrom: 'next_billing_period' });
      }),
    reactivate: (subscriptionId) =>
      call(async () => {
        await paddle.subscriptions.update(subscriptionId, { scheduledChange: null });
      }),
    changePlan: (subscriptionId, priceId) =>
      call(async () => {
        await paddle.subscriptions.update(subscriptionId, {
          items: [{ priceId, quantity: 1 }],
          prorationBillingMode: 'prorated_immediately',
        });
      }),
    chargeOverage: (subscriptionId, charge) =>
      call(async () => {
        await paddle.subscriptions.createOneTimeCharge(subscriptionId, {
          effectiveFrom: 'immediately',
          items: [{ quantity: charge.images, price: overagePrice(charge) }],
        });
      }),
  };
}

function overagePrice(charge: OverageCharge) {
  return {
    description: charge.description,
    name: 'Extra images',
    unitPrice: { amount: String(charge.unitPriceCents), currencyCode: charge.currency.toUpperCase() as CurrencyCode },
    product: { name: 'Hearth extra images', taxCategory: 'standard' as const },
  };
}

function toEnvironment(environment: PaddleSettings['environment']): Environment {
  if (environment === 'sandbox') return Environment.sandbox;
  if (environment === 'production') return Environment.production;
  // The SDK uses any other value as its base URL.
  return environment.replace(/\/$/, '') as Environment;
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ApiError) {
      throw new PaymentGatewayError(
        error.detail || 'The payment provider refused the request.',
        error.code ? undefined : 502,
      );
    }
    throw new PaymentGatewayError('The payment provider could not be reached. Please try again.', 502);
  }
}
