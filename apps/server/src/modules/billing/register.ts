import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createPaddleGateway } from '../../adapters/paddle-billing';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventBus } from '../events/event-bus';
import { createLocalSandbox } from './local-sandbox';
import type { PaymentGateway } from './payment-gateway';
import { billingRoutes } from './routes';
import { sandboxRoutes } from './sandbox-routes';
import { paddleWebhookRoutes } from './webhook-routes';

interface BillingDeps {
  config: Config;
  db: Db;
  bus: EventBus;
  log: Logger;
}

export const SANDBOX_PORTAL_PATH = '/billing/sandbox-portal';

/**
 * Payments: Paddle when configured, else the local payment sandbox, whose events reach the same webhook
 * route through an in-process HTTP request (the same verification and handling as Paddle's). Returns what the
 * overage job needs.
 */
export async function registerBilling(app: FastifyInstance, { config, db, bus, log }: BillingDeps) {
  const { billing } = config;
  const context = { provider: billing.provider, priceIds: billing.priceIds, log };
  await app.register(paddleWebhookRoutes, {
    db,
    bus,
    webhookSecrets: billing.webhookSecrets,
    toleranceSeconds: billing.webhookToleranceSeconds,
    context,
  });

  let gateway: PaymentGateway;
  if (billing.provider === 'paddle') {
    gateway = createPaddleGateway({ apiKey: billing.apiKey, environment: billing.apiBaseUrl ?? billing.environment });
  } else {
    const sandbox = createLocalSandbox({
      db,
      webhookSecret: billing.webhookSecrets[0]!,
      portalUrl: `${config.appUrl}${SANDBOX_PORTAL_PATH}`,
      deliver: async (payload, signature) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/webhooks/paddle',
          headers: { 'content-type': 'application/json', 'paddle-signature': signature },
          payload,
        });
        if (response.statusCode !== 200)
          throw new Error(`Sandbox webhook refused: ${response.statusCode} ${response.body}`);
      },
    });
    gateway = sandbox.gateway();
    await app.register(sandboxRoutes, { sandbox, priceIds: billing.priceIds });
  }
  const staging = config.ai.providers.length > 0;
  await app.register(billingRoutes, { db, billing, gateway, staging });
  return { gateway, priceIds: billing.priceIds };
}
