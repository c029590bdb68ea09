import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  billingMessageSchema,
  billingStatusSchema,
  changePlanRequestSchema,
  paymentConfigSchema,
  planListSchema,
  portalSessionSchema,
} from '@hearth/contracts';
import type { Db } from '../../infrastructure/db/client';
import type { BillingConfig } from '../../infrastructure/payments/config';
import type { PaymentGateway } from '../../infrastructure/payments/payment-gateway';
import { plansOnOffer } from './plans';
import { cancelSubscription, changePlan, getBillingStatus, openPortal, reactivateSubscription } from './service';

interface BillingRouteDeps {
  db: Db;
  billing: BillingConfig;
  gateway: PaymentGateway;
  /** Whether this server can stage (a generative provider is configured): plans promise only that. */
  staging: boolean;
}

export async function billingRoutes(app: FastifyInstance, { db, billing, gateway, staging }: BillingRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const manage = { db, gateway, priceIds: billing.priceIds };
  const message = { response: { 200: billingMessageSchema } };

  // What is on offer, and how it is paid, is for visitors too (the landing and pricing pages).
  const open = { auth: 'public' } as const;

  api.get('/api/plans', { schema: { response: { 200: planListSchema } }, config: open }, async () =>
    plansOnOffer(billing.priceIds, { staging }),
  );

  api.get('/api/billing/config', { schema: { response: { 200: paymentConfigSchema } }, config: open }, async () =>
    billing.provider === 'paddle'
      ? { provider: 'paddle' as const, environment: billing.environment, clientToken: billing.clientToken }
      : { provider: 'local-sandbox' as const },
  );

  api.get('/api/billing/status', { schema: { response: { 200: billingStatusSchema } } }, async (request) => {
    return getBillingStatus(db, request.user.id, billing.priceIds, new Date());
  });

  api.post('/api/billing/portal', { schema: { response: { 200: portalSessionSchema } } }, async (request) => {
    return openPortal(manage, request.user.id);
  });

  api.post('/api/billing/cancel', { schema: message }, async (request) => {
    return cancelSubscription(manage, request.user.id);
  });

  api.post('/api/billing/reactivate', { schema: message }, async (request) => {
    return reactivateSubscription(manage, request.user.id);
  });

  api.post('/api/billing/change-plan', { schema: { body: changePlanRequestSchema, ...message } }, async (request) => {
    return changePlan(manage, request.user.id, request.body.planName);
  });
}
