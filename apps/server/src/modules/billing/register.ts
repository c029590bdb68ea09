import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import type { Db } from '../../infrastructure/db/client';
import { registerErrorHandler } from '../../infrastructure/http/error-handler';
import type { EventBus } from '../../infrastructure/event-bus/event-bus';
import { createPaymentGateway } from '../../infrastructure/payments/gateway';
import type { DeliverWebhook } from '../../infrastructure/payments/local-sandbox';
import { billingRoutes } from './routes';
import { sandboxRoutes } from './sandbox-routes';
import { paddleWebhookRoutes } from './webhook-routes';

interface BillingDeps {
  config: Config;
  db: Db;
  bus: EventBus;
  log: Logger;
}

/**
 * Payments: Paddle when configured, else the local payment sandbox, whose events reach the same webhook
 * route through an in-process HTTP request (the same verification and handling as Paddle's). Returns what the
 * overage job needs.
 */
export async function registerBilling(app: FastifyInstance, { config, db, bus, log }: BillingDeps) {
  const { billing } = config;
  await registerWebhookRoute(app, { config, db, bus, log });
  const { gateway, sandbox } = createPaymentGateway(billing, { db, appUrl: config.appUrl, deliver: injectInto(app) });
  if (sandbox) await app.register(sandboxRoutes, { sandbox, priceIds: billing.priceIds });
  const staging = config.ai.providers.length > 0;
  await app.register(billingRoutes, { db, billing, gateway, staging });
  return { gateway, priceIds: billing.priceIds };
}

/**
 * What a worker process (ROLE=worker, no routes served) needs of billing: the gateway, for the overage job.
 * The local sandbox's events go through the webhook route of a private Fastify instance that never listens,
 * so they meet the same verification and handling as in the API. `close` ends that instance.
 */
export async function createWorkerPayments({ config, db, bus, log }: BillingDeps) {
  const receiver = Fastify({ loggerInstance: log as FastifyBaseLogger });
  registerErrorHandler(receiver);
  await registerWebhookRoute(receiver, { config, db, bus, log });
  await receiver.ready();
  const { gateway } = createPaymentGateway(config.billing, {
    db,
    appUrl: config.appUrl,
    deliver: injectInto(receiver),
  });
  return { gateway, priceIds: config.billing.priceIds, close: () => receiver.close() };
}

async function registerWebhookRoute(app: FastifyInstance, { config, db, bus, log }: BillingDeps) {
  const { billing } = config;
  const context = { provider: billing.provider, priceIds: billing.priceIds, log };
  await app.register(paddleWebhookRoutes, {
    db,
    bus,
    webhookSecrets: billing.webhookSecrets,
    toleranceSeconds: billing.webhookToleranceSeconds,
    context,
  });
}

/** Delivers a local sandbox event to the webhook route of `app` through an in-process HTTP request. */
function injectInto(app: FastifyInstance): DeliverWebhook {
  return async (payload, signature) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/webhooks/paddle',
      headers: { 'content-type': 'application/json', 'paddle-signature': signature },
      payload,
    });
    if (response.statusCode !== 200)
      throw new Error(`Sandbox webhook refused: ${response.statusCode} ${response.body}`);
  };
}
