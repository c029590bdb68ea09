import { describe, expect, it } from 'vitest';
import { describeCountdown, formatCountdown, msUntil } from './countdown';

describe('formatCountdown', () => {
  it.each([
    [0, '00:00:00'],
    [999, '00:00:00'],
    [1000, '00:00:01'],
    [59_000, '00:00:59'],
    [61_000, '00:01:01'],
    [(23 * 3600 + 59 * 60 + 59) * 1000, '23:59:59'],
    [24 * 3600 * 1000, '24:00:00'],
    [(71 * 3600 + 59 * 60 + 59) * 1000, '71:59:59'],
    [-5000, '00:00:00'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatCountdown(ms)).toBe(text);
  });
});

describe('describeCountdown', () => {
  it('names the non-zero units', () => {
    expect(describeCountdown((5 * 3600 + 3 * 60 + 2) * 1000)).toBe('5 hours, 3 minutes and 2 seconds');
    expect(describeCountdown(3600 * 1000)).toBe('1 hour');
    expect(describeCountdown(61_000)).toBe('1 minute and 1 second');
    expect(describeCountdown(0)).toBe('0 seconds');
  });
});

describe('msUntil', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('counts down to the instant and stops at zero', () => {
    expect(msUntil('2026-01-01T12:00:30Z', now)).toBe(30_000);
    expect(msUntil('2026-01-01T11:00:00Z', now)).toBe(0);
    expect(msUntil(null, now)).toBe(0);
  });
});
