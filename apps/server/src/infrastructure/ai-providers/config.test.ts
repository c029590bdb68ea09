import { describe, expect, it } from 'vitest';
import { aiEnvSchema, AiConfigError, describeStagingAvailability, resolveAiConfig } from './config';

const resolve = (env: Record<string, string>) => resolveAiConfig(aiEnvSchema.parse(env));

describe('choosing the AI provider from the environment', () => {
  it('turns staging off when no key is set, and says what to set', () => {
    const config = resolve({});
    expect(config.providers).toEqual([]);
    expect(describeStagingAvailability(config)).toEqual({
      available: false,
      reason: 'Needs an AI image provider: set GEMINI_API_KEY, OPENAI_API_KEY or BFL_API_KEY on the server.',
    });
  });

  it('uses the first vendor whose key is present, with its default model and limits', () => {
    const config = resolve({ OPENAI_API_KEY: 'sk-1', BFL_API_KEY: 'bfl-1' });
    expect(config.providers).toEqual([{ id: 'openai', apiKey: 'sk-1', baseUrl: undefined, model: 'gpt-image-2' }]);
    expect(config).toMatchObject({ timeoutMs: 120_000, maxRetries: 3, imagesPerMinute: 20, concurrency: 4 });
    expect(describeStagingAvailability(config)).toEqual({ available: true, reason: 'Uses OpenAI (gpt-image-2).' });
    expect(resolve({ BFL_API_KEY: 'b', GEMINI_API_KEY: 'g' }).providers[0]!.id).toBe('gemini');
  });

  it('follows AI_PROVIDER, base URLs, models and the fallback order', () => {
    const config = resolve({
      AI_PROVIDER: 'BFL',
      AI_PROVIDER_FALLBACK: 'gemini, openai,bfl',
      GEMINI_API_KEY: 'g',
      GEMINI_MODEL: 'gemini-3-pro-image-preview',
      OPENAI_API_KEY: 'o',
      OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1',
      BFL_API_KEY: 'b',
      BFL_BASE_URL: 'https://api.eu.bfl.ai',
      AI_TIMEOUT_SECONDS: '90',
      AI_MAX_RETRIES: '0',
      AI_IMAGES_PER_MINUTE: '5',
      AI_CONCURRENCY: '8',
    });
    expect(config.providers.map((p) => [p.id, p.model, p.baseUrl])).toEqual([
      ['bfl', 'flux-2-pro', 'https://api.eu.bfl.ai'],
      ['gemini', 'gemini-3-pro-image-preview', undefined],
      ['openai', 'gpt-image-2', 'http://127.0.0.1:8080/v1'],
    ]);
    expect(config).toMatchObject({ timeoutMs: 90_000, maxRetries: 0, imagesPerMinute: 5, concurrency: 8 });
  });

  it('treats empty variables as unset', () => {
    const config = resolve({
      AI_PROVIDER: '',
      GEMINI_API_KEY: '',
      OPENAI_API_KEY: 'o',
      OPENAI_BASE_URL: '',
      OPENAI_MODEL: '',
    });
    expect(config.providers).toEqual([{ id: 'openai', apiKey: 'o', baseUrl: undefined, model: 'gpt-image-2' }]);
  });

  it('names the missing key when AI_PROVIDER or a fallback has none', () => {
    expect(() => resolve({ AI_PROVIDER: 'gemini', OPENAI_API_KEY: 'o' })).toThrow(
      new AiConfigError('AI_PROVIDER: names gemini, but GEMINI_API_KEY is not set'),
    );
    expect(() => resolve({ OPENAI_API_KEY: 'o', AI_PROVIDER_FALLBACK: 'bfl' })).toThrow(
      'AI_PROVIDER_FALLBACK: names bfl, but BFL_API_KEY is not set',
    );
  });

  it('rejects unknown providers, bad URLs and out-of-range limits', () => {
    for (const env of [
      { AI_PROVIDER: 'midjourney' },
      { AI_PROVIDER_FALLBACK: 'openai,dalle' },
      { GEMINI_BASE_URL: 'not a url' },
      { AI_TIMEOUT_SECONDS: '1' },
      { AI_IMAGES_PER_MINUTE: '0' },
      { AI_MAX_RETRIES: '-1' },
    ]) {
      expect(aiEnvSchema.safeParse(env).success, JSON.stringify(env)).toBe(false);
    }
  });
});
