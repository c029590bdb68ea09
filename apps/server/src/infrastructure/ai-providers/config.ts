import { z } from 'zod';
import { PROVIDER_IDS, PROVIDER_NAMES, type ProviderId } from './provider';

/**
 * The environment variables of the generative providers, as a fragment of config.ts's schema
 * (`envSchema.extend(aiEnvShape)`), and how they become the ordered list of providers to use.
 */

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const modelName = (fallback: string) => z.preprocess(emptyToUndefined, z.string().min(1).default(fallback));

export const DEFAULT_MODELS: Record<ProviderId, string> = {
  gemini: 'gemini-3.1-flash-image-preview',
  openai: 'gpt-image-2',
  bfl: 'flux-2-pro',
};

const providerList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim().toLowerCase())
          .filter(Boolean)
      : value,
  z.array(z.enum(PROVIDER_IDS)).default([]),
);

export const aiEnvShape = {
  AI_PROVIDER: z.preprocess(
    (value) => (typeof value === 'string' ? emptyToUndefined(value.trim().toLowerCase()) : value),
    z.enum(PROVIDER_IDS).optional(),
  ),
  AI_PROVIDER_FALLBACK: providerList,
  GEMINI_API_KEY: optionalString,
  GEMINI_BASE_URL: optionalUrl,
  GEMINI_MODEL: modelName(DEFAULT_MODELS.gemini),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_MODEL: modelName(DEFAULT_MODELS.openai),
  BFL_API_KEY: optionalString,
  BFL_BASE_URL: optionalUrl,
  BFL_MODEL: modelName(DEFAULT_MODELS.bfl),
  AI_TIMEOUT_SECONDS: z.coerce.number().min(5).max(900).default(120),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  AI_IMAGES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  AI_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
};

export const aiEnvSchema = z.object(aiEnvShape);
export type AiEnv = z.infer<typeof aiEnvSchema>;

export interface ProviderSettings {
  id: ProviderId;
  apiKey: string;
  /** Undefined: the vendor's public endpoint. */
  baseUrl: string | undefined;
  model: string;
}

export interface AiConfig {
  /** Providers in the order they are tried: the chosen one, then the fallbacks. Empty: staging is off. */
  providers: ProviderSettings[];
  timeoutMs: number;
  maxRetries: number;
  imagesPerMinute: number;
  /**
   * Provider calls one worker process keeps in flight. A call is mostly waiting, so this is separate from
   * WORKER_CONCURRENCY, which bounds the CPU work (decoding, fitting, encoding) around the calls.
   */
  concurrency: number;
}

export class AiConfigError extends Error {}

const KEY_VARIABLE: Record<ProviderId, 'GEMINI_API_KEY' | 'OPENAI_API_KEY' | 'BFL_API_KEY'> = {
  gemini: 'GEMINI_API_KEY',
  openai: 'OPENAI_API_KEY',
  bfl: 'BFL_API_KEY',
};

/**
 * `AI_PROVIDER` names the provider; unset, the first vendor whose key is present is used (Gemini, OpenAI,
 * BFL). `AI_PROVIDER_FALLBACK` lists the ones to try next, in order. Naming a provider whose key is missing
 * is a configuration error, reported with the variable to set.
 */
export function resolveAiConfig(env: AiEnv): AiConfig {
  const settings = (id: ProviderId): ProviderSettings | undefined => {
    const prefix = id.toUpperCase() as 'GEMINI' | 'OPENAI' | 'BFL';
    const apiKey = env[`${prefix}_API_KEY`];
    if (!apiKey) return undefined;
    return { id, apiKey, baseUrl: env[`${prefix}_BASE_URL`], model: env[`${prefix}_MODEL`] };
  };
  const required = (id: ProviderId, variable: string) => {
    const found = settings(id);
    if (!found) throw new AiConfigError(`${variable}: names ${id}, but ${KEY_VARIABLE[id]} is not set`);
    return found;
  };

  const primary = env.AI_PROVIDER
    ? required(env.AI_PROVIDER, 'AI_PROVIDER')
    : PROVIDER_IDS.map(settings).find((found) => found !== undefined);
  const providers: ProviderSettings[] = primary ? [primary] : [];
  for (const id of env.AI_PROVIDER_FALLBACK) {
    if (providers.some((provider) => provider.id === id)) continue;
    providers.push(required(id, 'AI_PROVIDER_FALLBACK'));
  }
  return {
    providers,
    timeoutMs: env.AI_TIMEOUT_SECONDS * 1000,
    maxRetries: env.AI_MAX_RETRIES,
    imagesPerMinute: env.AI_IMAGES_PER_MINUTE,
    concurrency: env.AI_CONCURRENCY,
  };
}

/** Whether generative templates can run, and if not, what to set: for `GET /api/templates`. */
export function describeStagingAvailability(config: AiConfig): { available: boolean; reason: string } {
  const primary = config.providers[0];
  if (!primary) {
    return {
      available: false,
      reason: 'Needs an AI image provider: set GEMINI_API_KEY, OPENAI_API_KEY or BFL_API_KEY on the server.',
    };
  }
  return { available: true, reason: `Uses ${PROVIDER_NAMES[primary.id]} (${primary.model}).` };
}
