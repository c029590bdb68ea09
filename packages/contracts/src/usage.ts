import { z } from 'zod';

export const TRIAL_IMAGES = 10;
export const TRIAL_HOURS = 24;
export const GRACE_DAYS = 3;
export const DEFAULT_RETENTION_DAYS = 30;

/** SPEC §3, plus 'paused': a paid subscription paused at the payment provider (no access until resumed). */
export const subscriptionTypeSchema = z.enum(['none', 'trial', 'paid', 'canceled', 'past_due', 'paused']);
export type SubscriptionType = z.infer<typeof subscriptionTypeSchema>;

/** SPEC §3 "Usage stats", plus when the trial ends (for the countdown). */
export const usageStatsSchema = z.object({
  subscriptionType: subscriptionTypeSchema,
  planName: z.string().nullable(),
  imagesUsed: z.number().int(),
  imagesIncluded: z.number().int(),
  /** -1 means unlimited. */
  imagesRemaining: z.number().int(),
  trialExpired: z.boolean(),
  trialEndsAt: z.iso.datetime().nullable(),
  gracePeriodEndDate: z.iso.datetime().nullable(),
  currentPeriodEnd: z.iso.datetime().nullable(),
  overageImages: z.number().int(),
  overageCost: z.number(),
  canStartTrial: z.boolean(),
  canUpload: z.boolean(),
  /** Why uploads are refused, when they are. */
  restriction: z.string().nullable(),
  retentionDays: z.number().int(),
});
export type UsageStats = z.infer<typeof usageStatsSchema>;

export const startTrialResponseSchema = z.object({
  message: z.string(),
  trialStartedAt: z.iso.datetime(),
  trialEndsAt: z.iso.datetime(),
  imagesIncluded: z.number().int(),
});
