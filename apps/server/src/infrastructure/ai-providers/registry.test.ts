import { describe, expect, it } from 'vitest';
import type { ProviderId } from './provider';
import { withFallbacks } from './registry';
import type { RetryingProvider } from './retry';

const stack = (id: ProviderId, takesMask?: boolean): RetryingProvider => ({
  id,
  model: `${id}-model`,
  inputSide: () => 2048,
  ...(takesMask !== undefined && { takesMask }),
  edit: () => Promise.reject(new Error('not called')),
});

describe('a provider stack', () => {
  it('takes a mask when any provider in it does, fallbacks included, so an area edit makes it only then', () => {
    expect(withFallbacks([stack('gemini')]).takesMask).toBe(false);
    expect(withFallbacks([stack('gemini'), stack('openai', true)]).takesMask).toBe(true);
    expect(withFallbacks([stack('bfl', true), stack('gemini')]).takesMask).toBe(true);
  });
});
