import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { PlanId } from '@hearth/contracts';

/** Price ids per plan, from configuration (Paddle) or made up locally for the payment sandbox. */
export type PlanPriceIds = Record<PlanId, string | null>;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

export const billingEnvSchema = z.object({
  PADDLE_API_KEY: optional(z.string().min(10)),
  PADDLE_CLIENT_TOKEN: optional(z.string().min(10)),
  /** Comma-separated: during a secret rotation both the old and the new secret are listed. */
  PADDLE_WEBHOOK_SECRET: optional(z.string().min(10)),
  PADDLE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Overrides the API base URL (a proxy, or a loopback fake in tests). */
  PADDLE_API_BASE_URL: optional(z.url()),
  PADDLE_PRICE_STARTER: optional(z.string().min(3)),
  PADDLE_PRICE_PRO: optional(z.string().min(3)),
  PADDLE_PRICE_ELITE: optional(z.string().min(3)),
  /** How far a webhook signature's timestamp may be from now (Paddle's own SDK allows 5 s). */
  PADDLE_WEBHOOK_TOLERANCE_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be at least 1 second')
    .max(300, 'must be at most 300 seconds (a longer window lets a captured webhook be replayed)')
    .default(5),
});
type BillingEnv = z.infer<typeof billingEnvSchema>;

const REQUIRED_FOR_PADDLE = [
  'PADDLE_API_KEY',
  'PADDLE_CLIENT_TOKEN',
  'PADDLE_WEBHOOK_SECRET',
  'PADDLE_PRICE_STARTER',
  'PADDLE_PRICE_PRO',
  'PADDLE_PRICE_ELITE',
] as const;

export type BillingConfig =
  | {
      provider: 'paddle';
      apiKey: string;
      clientToken: string;
      webhookSecrets: string[];
      webhookToleranceSeconds: number;
      environment: 'sandbox' | 'production';
      apiBaseUrl: string | undefined;
      priceIds: PlanPriceIds;
    }
  | { provider: 'local-sandbox'; webhookSecrets: string[]; webhookToleranceSeconds: number; priceIds: PlanPriceIds };

/** Price ids of the local payment sandbox: made up, in Paddle's `pri_` form. */
export const SANDBOX_PRICE_IDS: PlanPriceIds = {
  starter: 'pri_local_starter',
  pro: 'pri_local_pro',
  elite: 'pri_local_elite',
};

/**
 * Paddle when any PADDLE_ variable is set (then all of them must be), else the local payment sandbox.
 * Returns the names of missing variables as problems, for config.ts to report.
 */
export function resolveBillingConfig(
  env: BillingEnv,
  authSecret: string,
): { config?: BillingConfig; problems: string[] } {
  const anySet = REQUIRED_FOR_PADDLE.some((name) => env[name] !== undefined) || env.PADDLE_API_BASE_URL !== undefined;
  if (!anySet) {
    // The sandbox signs its events like Paddle does, with a secret derived from the auth secret.
    const secret = createHmac('sha256', authSecret).update('local-payment-sandbox-webhooks').digest('hex');
    return {
      config: {
        provider: 'local-sandbox',
        webhookSecrets: [secret],
        webhookToleranceSeconds: env.PADDLE_WEBHOOK_TOLERANCE_SECONDS,
        priceIds: SANDBOX_PRICE_IDS,
      },
      problems: [],
    };
  }
  const missing = REQUIRED_FOR_PADDLE.filter((name) => env[name] === undefined);
  if (missing.length > 0) {
    return {
      problems: missing.map((name) => `${name}: required when Paddle is configured (another PADDLE_ variable is set)`),
    };
  }
  return {
    problems: [],
    config: {
      provider: 'paddle',
      apiKey: env.PADDLE_API_KEY!,
      clientToken: env.PADDLE_CLIENT_TOKEN!,
      webhookSecrets: env
        .PADDLE_WEBHOOK_SECRET!.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      webhookToleranceSeconds: env.PADDLE_WEBHOOK_TOLERANCE_SECONDS,
      environment: env.PADDLE_ENVIRONMENT,
      apiBaseUrl: env.PADDLE_API_BASE_URL,
      priceIds: { starter: env.PADDLE_PRICE_STARTER!, pro: env.PADDLE_PRICE_PRO!, elite: env.PADDLE_PRICE_ELITE! },
    },
  };
}
