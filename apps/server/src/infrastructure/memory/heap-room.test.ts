import { describe, expect, it } from 'vitest';
import { growingPercentFor, MIN_ROOM_BYTES } from './heap-room';

const MB = 2 ** 20;

describe('growingPercentFor', () => {
  it('leaves at least MIN_ROOM_BYTES above a small live heap', () => {
    for (const live of [30, 40, 43, 65, 90]) {
      const percent = growingPercentFor(live * MB);
      expect((live * MB * percent) / 100).toBeGreaterThanOrEqual(MIN_ROOM_BYTES);
    }
    expect(growingPercentFor(40 * MB)).toBe(85);
    expect(growingPercentFor(65 * MB)).toBe(55);
  });

  it('never gives less than half the live heap, nor more than twice it', () => {
    expect(growingPercentFor(68 * MB)).toBe(50);
    expect(growingPercentFor(400 * MB)).toBe(50);
    expect(growingPercentFor(10 * MB)).toBe(200);
    expect(growingPercentFor(0)).toBe(200);
  });
});
