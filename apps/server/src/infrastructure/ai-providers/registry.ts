import type { Logger } from 'pino';
import { createBflProvider } from '../../adapters/ai-bfl';
import { createGeminiProvider } from '../../adapters/ai-gemini';
import { createOpenAiProvider } from '../../adapters/ai-openai';
import type { AiConfig, ProviderSettings } from './config';
import { ProviderError } from './errors';
import type { ImageEditProvider, ProviderId, StagingProvider } from './provider';
import { ProviderRateLimiter, type RateLimitStore } from './rate-limit';
import { withRetries, type RetryingProvider, type RetryOptions } from './retry';

export type AdapterFactories = Record<ProviderId, (settings: ProviderSettings) => ImageEditProvider>;

export const VENDOR_ADAPTERS: AdapterFactories = {
  gemini: createGeminiProvider,
  openai: createOpenAiProvider,
  bfl: createBflProvider,
};

export interface StagingProviderDeps {
  /** Where the images-per-minute schedule lives: SqlRateLimitStore in the app, so all workers share it. */
  rateLimitStore: RateLimitStore;
  log?: Pick<Logger, 'warn'>;
  /** Tests replace vendors here; the app uses the real adapters. */
  adapters?: AdapterFactories;
  retry?: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'maxRetryAfterMs' | 'random' | 'sleep'>;
  maxRateLimitWaitMs?: number;
  /** Told of every call (attempt) to a vendor: for the metrics. */
  onCall?: (call: ProviderCallReport) => void;
}

export interface ProviderCallReport {
  vendor: ProviderId;
  outcome: 'ok' | 'error';
  seconds: number;
  costUsd?: number;
}

/**
 * The provider the pipeline calls: the configured vendor, then each fallback in order, each with the
 * per-call timeout, retries and the shared rate limit. Undefined when no vendor is configured (staging off).
 */
export function createStagingProvider(config: AiConfig, deps: StagingProviderDeps): StagingProvider | undefined {
  if (config.providers.length === 0) return undefined;
  const adapters = deps.adapters ?? VENDOR_ADAPTERS;
  const limiter = new ProviderRateLimiter(deps.rateLimitStore, {
    imagesPerMinute: config.imagesPerMinute,
    maxWaitMs: deps.maxRateLimitWaitMs,
    sleep: deps.retry?.sleep,
  });
  const stacks = config.providers.map((settings) => {
    const adapter = reportingCalls(adapters[settings.id](settings), deps.onCall);
    return withRetries(adapter, {
      ...deps.retry,
      timeoutMs: config.timeoutMs,
      maxRetries: config.maxRetries,
      beforeAttempt: (signal) => limiter.acquire(adapter.id, signal),
      onRetry: ({ attempt, delayMs, error }) =>
        deps.log?.warn(
          { provider: adapter.id, attempt, delayMs: Math.round(delayMs), error: error.name, detail: error.detail },
          'AI provider call failed; retrying',
        ),
    });
  });
  return withFallbacks(stacks, deps.log);
}

/** The adapter, telling `onCall` how each of its calls went (a retry is a call of its own). */
function reportingCalls(adapter: ImageEditProvider, onCall: StagingProviderDeps['onCall']): ImageEditProvider {
  if (!onCall) return adapter;
  return {
    id: adapter.id,
    model: adapter.model,
    inputSide: (target) => adapter.inputSide(target),
    maxReferences: adapter.maxReferences,
    takesMask: adapter.takesMask,
    async edit(request) {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const result = await adapter.edit(request);
        onCall({ vendor: adapter.id, outcome: 'ok', seconds: seconds(), costUsd: result.usage?.costUsd });
        return result;
      } catch (error) {
        onCall({ vendor: adapter.id, outcome: 'error', seconds: seconds() });
        throw error;
      }
    },
  };
}

/**
 * Tries each provider in turn. A refusal ends the call (asking another vendor to do what one declined on
 * safety grounds is not a fallback's job); a caller's abort too. When all fail, the first provider's error
 * is the one reported: it is the one the administrator chose.
 */
export function withFallbacks(stacks: RetryingProvider[], log?: Pick<Logger, 'warn'>): StagingProvider {
  const [primary] = stacks;
  if (!primary) throw new Error('withFallbacks needs at least one provider');
  return {
    id: primary.id,
    model: primary.model,
    inputSide: (target) => primary.inputSide(target),
    maxReferences: primary.maxReferences,
    // A fallback that takes the mask needs it made before the first call.
    takesMask: stacks.some((stack) => stack.takesMask),
    async edit(request) {
      let firstError: unknown;
      for (const [index, stack] of stacks.entries()) {
        try {
          return await stack.edit(request);
        } catch (error) {
          const canFallBack = error instanceof ProviderError && error.fallbackAllowed && !request.signal?.aborted;
          firstError ??= error;
          const next = stacks[index + 1];
          if (!canFallBack || !next) throw firstError;
          log?.warn(
            { provider: stack.id, next: next.id, error: error.name, detail: error.detail },
            'AI provider failed; trying the fallback',
          );
        }
      }
      throw firstError;
    },
  };
}
