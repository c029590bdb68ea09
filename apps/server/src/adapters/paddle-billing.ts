import type * as PaddleSdk from '@paddle/paddle-node-sdk';
import type { CurrencyCode, Environment, Paddle } from '@paddle/paddle-node-sdk';
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

/** The SDK is loaded on the first call: a server on the local payment sandbox never holds it in memory. */
let sdk: Promise<typeof PaddleSdk> | undefined;
const loadSdk = () => (sdk ??= import('@paddle/paddle-node-sdk'));

/** Paddle Billing through its Node SDK: the only file that imports it. */
export function createPaddleGateway({ apiKey, environment }: PaddleSettings): PaymentGateway {
  let client: Paddle | undefined;
  const call = async <T>(request: (paddle: Paddle) => Promise<T>): Promise<T> => {
    const { ApiError, Environment, Paddle } = await loadSdk();
    client ??= new Paddle(apiKey, { environment: toEnvironment(environment, Environment) });
    try {
      return await request(client);
    } catch (error) {
      if (error instanceof ApiError) {
        throw new PaymentGatewayError(
          error.detail || 'The payment provider refused the request.',
          error.code ? undefined : 502,
        );
      }
      throw new PaymentGatewayError('The payment provider could not be reached. Please try again.', 502);
    }
  };

  return {
    kind: 'paddle',
    createPortalUrl: (customerId, subscriptionId) =>
      call(async (paddle) => {
        const session = await paddle.customerPortalSessions.create(customerId, [subscriptionId]);
        return session.urls.general.overview;
      }),
    cancelAtPeriodEnd: (subscriptionId) =>
      call(async (paddle) => {
        await paddle.subscriptions.cancel(subscriptionId, { effectiveFrom: 'next_billing_period' });
      }),
    reactivate: (subscriptionId) =>
      call(async (paddle) => {
        await paddle.subscriptions.update(subscriptionId, { scheduledChange: null });
      }),
    changePlan: (subscriptionId, priceId) =>
      call(async (paddle) => {
        await paddle.subscriptions.update(subscriptionId, {
          items: [{ priceId, quantity: 1 }],
          prorationBillingMode: 'prorated_immediately',
        });
      }),
    chargeOverage: (subscriptionId, charge) =>
      call(async (paddle) => {
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

function toEnvironment(environment: PaddleSettings['environment'], environments: typeof Environment): Environment {
  if (environment === 'sandbox') return environments.sandbox;
  if (environment === 'production') return environments.production;
  // The SDK uses any other value as its base URL.
  return environment.replace(/\/$/, '') as Environment;
}
