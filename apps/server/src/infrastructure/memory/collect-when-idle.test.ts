import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectAfterStartUp, collectWhenIdle } from './collect-when-idle';

describe('collectWhenIdle', () => {
  afterEach(() => vi.useRealTimers());

  it('collects once, a while after the work goes idle', () => {
    vi.useFakeTimers();
    const work = new EventEmitter();
    const collect = vi.fn();
    collectWhenIdle(work, { delayMs: 2000, collect });
    work.emit('active');
    work.emit('idle');
    vi.advanceTimersByTime(1999);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('does not collect when work starts again before the delay', () => {
    vi.useFakeTimers();
    const work = new EventEmitter();
    const collect = vi.fn();
    collectWhenIdle(work, { delayMs: 2000, collect });
    work.emit('idle');
    vi.advanceTimersByTime(1000);
    work.emit('active');
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
    work.emit('idle');
    vi.advanceTimersByTime(2000);
    expect(collect).toHaveBeenCalledTimes(1);
  });
});

describe('collectAfterStartUp', () => {
  afterEach(() => vi.useRealTimers());

  it('collects once, a while after start-up', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    collectAfterStartUp({ delayMs: 2000, collect });
    vi.advanceTimersByTime(1999);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(collect).toHaveBeenCalledTimes(1);
  });
});
