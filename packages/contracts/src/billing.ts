import { z } from 'zod';
import { photoStatusSchema } from './projects';

export const planIdSchema = z.enum(['starter', 'pro', 'elite']);
export type PlanId = z.infer<typeof planIdSchema>;
export const planNameSchema = z.enum(['Starter', 'Pro', 'Elite']);
export type PlanName = z.infer<typeof planNameSchema>;

/** SPEC §3 "Plan", with what the billing page shows about it. */
export const planSchema = z.object({
  id: planIdSchema,
  name: planNameSchema,
  /** The payment provider's price id; null when payments are not configured for this plan. */
  paddlePriceId: z.string().nullable(),
  /** Monthly price in minor units (cents). */
  amount: z.number().int(),
  currency: z.string(),
  imagesIncluded: z.number().int(),
  retentionPeriodDays: z.number().int(),
  isPopular: z.boolean(),
  /** Past the included images: stop ('Plan Limit Exceeded') or go on at this price per image (cents). */
  overagePricePerImage: z.number().int().nullable(),
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;
export const planListSchema = z.array(planSchema);

/** SPEC §4 billing view status labels, plus 'paused' (paused at the payment provider, resumed in its portal). */
export const billingSubscriptionStatusSchema = z.enum([
  'active',
  'canceling',
  'canceled',
  'past_due',
  'paused',
  'unpaid',
  'trialing',
  'none',
]);
export type BillingSubscriptionStatus = z.infer<typeof billingSubscriptionStatusSchema>;

/** SPEC §3 "Billing status". */
export const billingStatusSchema = z.object({
  hasSubscription: z.boolean(),
  subscriptionStatus: billingSubscriptionStatusSchema,
  planName: planNameSchema.nullable(),
  amount: z.number().int(),
  currency: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.iso.datetime().nullable(),
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;

export const changePlanRequestSchema = z.object({ planName: planNameSchema });
export const billingMessageSchema = z.object({ message: z.string() });
export const portalSessionSchema = z.object({ url: z.string() });

/** How the browser takes payments: Paddle.js (sandbox or production) or the local sandbox checkout. */
export const paymentConfigSchema = z.discriminatedUnion('provider', [
  z.object({
    provider: z.literal('paddle'),
    environment: z.enum(['sandbox', 'production']),
    clientToken: z.string(),
  }),
  z.object({ provider: z.literal('local-sandbox') }),
]);
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** SPEC §3 checkout custom data. */
export const checkoutCustomDataSchema = z.object({ user_id: z.string(), account_email: z.string() });

/** SPEC §3 "Subscription stream event". */
export const subscriptionEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connected') }),
  z.object({ type: z.literal('ping') }),
  z.object({
    type: z.literal('subscription.canceled'),
    data: z.object({ userId: z.string(), planName: z.string().nullable() }),
  }),
  z.object({
    type: z.literal('subscription.updated'),
    data: z.object({ userId: z.string(), planName: z.string().nullable() }),
  }),
  /** A version of one of the user's photos started, completed or failed (on whichever worker ran it). */
  z.object({
    type: z.literal('photo.updated'),
    data: z.object({ projectId: z.string(), photoId: z.string(), versionId: z.string(), status: photoStatusSchema }),
  }),
]);
export type SubscriptionEvent = z.infer<typeof subscriptionEventSchema>;

/** The local payment sandbox (embedded default when Paddle is not configured). */
export const sandboxCheckoutRequestSchema = z.object({ priceId: z.string().min(1).max(100) });
export const sandboxCheckoutResponseSchema = z.object({ subscriptionId: z.string() });
export const sandboxFailNextRenewalSchema = z.object({ fail: z.boolean() });
export const sandboxSubscriptionSchema = z.object({
  subscription: z
    .object({
      id: z.string(),
      planName: planNameSchema,
      status: z.enum(['active', 'past_due', 'canceled']),
      currentPeriodStart: z.iso.datetime(),
      currentPeriodEnd: z.iso.datetime(),
      cancelAtPeriodEnd: z.boolean(),
      failNextRenewal: z.boolean(),
    })
    .nullable(),
});
export type SandboxSubscription = z.infer<typeof sandboxSubscriptionSchema>['subscription'];
