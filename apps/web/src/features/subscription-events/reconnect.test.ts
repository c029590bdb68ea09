import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './reconnect';

describe('retryDelayMs', () => {
  it('doubles from 5 s up to 60 s', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 10].map((attempt) => retryDelayMs(attempt, middle))).toEqual([
      5_000, 10_000, 20_000, 40_000, 60_000, 60_000,
    ]);
  });

  it('spreads tabs over ±20 %', () => {
    expect(retryDelayMs(0, () => 0)).toBe(4_000);
    expect(retryDelayMs(0, () => 0.999_999)).toBe(6_000);
  });
});
