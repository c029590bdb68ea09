import { describe, expect, it } from 'vitest';
import { closestShape, shapesOf, simpleRatioLabel } from './aspect-ratio';

describe('aspect ratios', () => {
  const shapes = shapesOf(['1:1', '3:2', '2:3', '16:9', '4:3']);

  it('picks the closest shape by ratio of ratios', () => {
    expect(closestShape(1600 / 1067, shapes).label).toBe('3:2');
    expect(closestShape(1067 / 1600, shapes).label).toBe('2:3');
    expect(closestShape(1.9, shapes).label).toBe('16:9');
    expect(closestShape(1.4, shapes).label).toBe('4:3');
    expect(() => closestShape(0, shapes)).toThrow(RangeError);
  });

  it('writes a photo ratio with small terms, clamped to the range', () => {
    expect(simpleRatioLabel(1600 / 1067, 9 / 21, 21 / 9)).toBe('3:2');
    expect(simpleRatioLabel(16 / 9, 9 / 21, 21 / 9)).toBe('16:9');
    expect(simpleRatioLabel(1, 9 / 21, 21 / 9)).toBe('1:1');
    expect(simpleRatioLabel(5, 9 / 21, 21 / 9)).toBe('7:3');
    expect(simpleRatioLabel(0.1, 9 / 21, 21 / 9)).toBe('3:7');
  });
});
