import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GRACE_DAYS,
  billingMessageSchema,
  changePlanRequestSchema,
  sandboxCheckoutRequestSchema,
  sandboxCheckoutResponseSchema,
  sandboxFailNextRenewalSchema,
  sandboxSubscriptionSchema,
} from '@hearth/contracts';
import { HttpError } from '../../infrastructure/http/errors';
import type { LocalSandbox } from '../../infrastructure/payments/local-sandbox';
import { findPlanByName, findPlanByPriceId, type PlanPriceIds } from './plans';

/** What the portal says after 'Simulate renewal now': exactly what happened to the subscription and its dates. */
export const RENEWAL_MESSAGES = {
  renewed: 'Renewed: the current period was ended now and a new one-month period, paid, starts today.',
  payment_failed:
    'The renewal payment failed: a new one-month period starts today, unpaid, and the subscription is past due ' +
    `with ${GRACE_DAYS} days of grace to pay.`,
  ended: 'The subscription has ended, as it was set to cancel at the end of the period.',
} as const;

interface SandboxRouteDeps {
  sandbox: LocalSandbox;
  priceIds: PlanPriceIds;
}

/** The local payment sandbox's checkout and customer portal, only while Paddle is not configured. */
export async function sandboxRoutes(app: FastifyInstance, { sandbox, priceIds }: SandboxRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const done = (message: string) => ({ message });
  const message = { response: { 200: billingMessageSchema } };

  api.post(
    '/api/payment-sandbox/checkout',
    { schema: { body: sandboxCheckoutRequestSchema, response: { 201: sandboxCheckoutResponseSchema } } },
    async (request, reply) => {
      const { user } = request;
      if (!findPlanByPriceId(request.body.priceId, priceIds)) {
        throw new HttpError(422, 'Plan configuration error. Please contact support.', 'UNKNOWN_PRICE');
      }
      const result = await sandbox.checkout({ userId: user.id, email: user.email }, request.body.priceId);
      return reply.status(201).send(result);
    },
  );

  api.get(
    '/api/payment-sandbox/subscription',
    { schema: { response: { 200: sandboxSubscriptionSchema } } },
    async (request) => {
      const row = await sandbox.current(request.user.id);
      if (!row) return { subscription: null };
      return {
        subscription: {
          id: row.id,
          planName: findPlanByPriceId(row.priceId, priceIds)!.name,
          status: row.status,
          currentPeriodStart: row.currentPeriodStart.toISOString(),
          currentPeriodEnd: row.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          failNextRenewal: row.failNextRenewal,
        },
      };
    },
  );

  api.post('/api/payment-sandbox/cancel', { schema: message }, async (request) => {
    await sandbox.cancelAtPeriodEnd(request.user.id);
    return done('Your subscription will end at the end of the current period.');
  });

  api.post('/api/payment-sandbox/resume', { schema: message }, async (request) => {
    await sandbox.resume(request.user.id);
    return done('Your subscription will renew as usual.');
  });

  api.post(
    '/api/payment-sandbox/change-plan',
    { schema: { body: changePlanRequestSchema, ...message } },
    async (request) => {
      const plan = findPlanByName(request.body.planName, priceIds)!;
      await sandbox.changePlan(request.user.id, plan.paddlePriceId!);
      return done(`Your plan is now ${plan.name}.`);
    },
  );

  api.post(
    '/api/payment-sandbox/fail-next-renewal',
    { schema: { body: sandboxFailNextRenewalSchema, ...message } },
    async (request) => {
      await sandbox.setFailNextRenewal(request.user.id, request.body.fail);
      return done(request.body.fail ? 'The next renewal will fail.' : 'The next renewal will be paid.');
    },
  );

  api.post('/api/payment-sandbox/renew-now', { schema: message }, async (request) => {
    const { outcome } = await sandbox.renewNow(request.user.id);
    return done(RENEWAL_MESSAGES[outcome]);
  });

  api.post('/api/payment-sandbox/pay-now', { schema: message }, async (request) => {
    await sandbox.payNow(request.user.id);
    return done('The overdue payment has been settled.');
  });
}
