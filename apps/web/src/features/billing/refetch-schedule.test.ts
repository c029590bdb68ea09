import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST_CHECKOUT_REFETCH_DELAYS_MS, scheduleRefetches } from './refetch-schedule';

describe('scheduleRefetches (SPEC §9 post-checkout refetch)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refetches at once, then after 1, 3 and 6 seconds, and no more', () => {
    expect(POST_CHECKOUT_REFETCH_DELAYS_MS).toEqual([0, 1000, 3000, 6000]);
    const refetch = vi.fn();
    scheduleRefetches(refetch);
    expect(refetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(refetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(refetch).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(2000);
    expect(refetch).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(3000);
    expect(refetch).toHaveBeenCalledTimes(4);
    vi.advanceTimersByTime(60_000);
    expect(refetch).toHaveBeenCalledTimes(4);
  });

  it('can be cancelled, and a new schedule replaces the running one', () => {
    const first = vi.fn();
    const cancel = scheduleRefetches(first);
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(first).toHaveBeenCalledTimes(1);

    const older = vi.fn();
    const newer = vi.fn();
    scheduleRefetches(older);
    vi.advanceTimersByTime(1000);
    scheduleRefetches(newer);
    vi.advanceTimersByTime(10_000);
    expect(older).toHaveBeenCalledTimes(2);
    expect(newer).toHaveBeenCalledTimes(4);
  });
});
