import { createPaddleGateway } from '../../adapters/paddle-billing';
import type { Db } from '../db/client';
import type { BillingConfig } from './config';
import { createLocalSandbox, type DeliverWebhook, type LocalSandbox } from './local-sandbox';
import type { PaymentGateway } from './payment-gateway';

export const SANDBOX_PORTAL_PATH = '/billing/sandbox-portal';

interface GatewayOptions {
  db: Db;
  appUrl: string;
  /** Where the local sandbox delivers its Paddle-format webhook events. */
  deliver: DeliverWebhook;
}

/** Paddle Billing when it is configured, else the local payment sandbox (with its checkout, for its routes). */
export function createPaymentGateway(
  billing: BillingConfig,
  { db, appUrl, deliver }: GatewayOptions,
): { gateway: PaymentGateway; sandbox?: LocalSandbox } {
  if (billing.provider === 'paddle') {
    const gateway = createPaddleGateway({
      apiKey: billing.apiKey,
      environment: billing.apiBaseUrl ?? billing.environment,
    });
    return { gateway };
  }
  const sandbox = createLocalSandbox({
    db,
    webhookSecret: billing.webhookSecrets[0]!,
    portalUrl: `${appUrl}${SANDBOX_PORTAL_PATH}`,
    deliver,
  });
  return { gateway: sandbox.gateway(), sandbox };
}
