import { describe, expect, it } from 'vitest';
import { boxBlur, createPlane, guidedSmooth, percentile, percentiles, type Plane, RowSampler } from './planes';

const ramp = (width: number, height: number): Plane => {
  const plane = createPlane(width, height);
  plane.values.forEach((_, i) => (plane.values[i] = (i % width) * 10 + Math.floor(i / width)));
  return plane;
};

describe('RowSampler', () => {
  it('reproduces a plane that is linear in x and y exactly, at any scale', () => {
    const plane = ramp(8, 5);
    const sampler = new RowSampler(plane, 64, 40);
    const row = new Float32Array(64);
    sampler.sampleRow(20, row);
    // Full-resolution column x sits at plane column (x + 0.5)·8/64 − 0.5, row 20 at (20.5)·5/40 − 0.5.
    const planeY = (20.5 * 5) / 40 - 0.5;
    for (const x of [4, 10, 31, 59]) {
      const planeX = ((x + 0.5) * 8) / 64 - 0.5;
      expect(row[x]).toBeCloseTo(planeX * 10 + planeY, 4);
    }
  });

  it('holds the edge values beyond the outermost pixel centres', () => {
    const plane = ramp(4, 4);
    const row = new Float32Array(40);
    new RowSampler(plane, 40, 40).sampleRow(0, row);
    expect(row[0]).toBe(0);
    expect(row[39]).toBe(30);
  });
});

describe('plane filters', () => {
  it('box blur keeps a constant plane constant and averages a step', () => {
    expect([...boxBlur(createPlane(10, 10, 7), 2).values].every((v) => Math.abs(v - 7) < 1e-5)).toBe(true);
    const step = createPlane(9, 1);
    step.values.set([0, 0, 0, 0, 9, 9, 9, 9, 9]);
    expect(boxBlur(step, 1).values[4]).toBeCloseTo(6);
  });

  it('guided smoothing flattens noise but keeps a strong edge', () => {
    const plane = createPlane(40, 1);
    plane.values.forEach((_, x) => (plane.values[x] = (x < 20 ? 0.2 : 0.9) + (x % 2 ? 0.02 : -0.02)));
    const smooth = guidedSmooth(plane, 4, 0.001).values;
    expect(Math.abs(smooth[10]! - 0.2)).toBeLessThan(0.015);
    expect(smooth[18]!).toBeLessThan(0.3);
    expect(smooth[21]!).toBeGreaterThan(0.8);
  });

  it('percentiles come from a histogram, close to the sorted values', () => {
    const values = Float32Array.from({ length: 1001 }, (_, i) => i / 4);
    expect(percentile(values, 0.5)).toBeCloseTo(125, 0);
    const [low, high] = percentiles(values, [0.01, 0.99]);
    expect(low).toBeCloseTo(2.5, 0);
    expect(high).toBeCloseTo(247.5, 0);
  });
});
