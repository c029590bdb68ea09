import { describe, expect, it } from 'vitest';
import { describeNativeKernels, nativeKernelsStatus } from '../native/kernels';
import { scorer } from './alignment';
import type { Raster } from './raster';

/** A raster of smooth structure and noise, as gradients of a photo look, from a fixed seed. */
function raster(width: number, height: number, seed: number): Raster {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const data = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data[y * width + x] = 40 * Math.sin(x / 7 + seed) * Math.cos(y / 5) + 20 * random();
  }
  return { data, width, height };
}

describe('the registration’s correlation', () => {
  it('is the same number in C as in JavaScript, for placements inside, across and off the frame', () => {
    expect(nativeKernelsStatus()).toEqual({ available: true }); // npm ci builds it; without a C compiler, JavaScript
    expect(describeNativeKernels()).toBe('C');
    const original = raster(160, 107, 1);
    const result = raster(240, 160, 2);
    const windows = [
      { left: 0, top: 0, right: 160, bottom: 107 },
      { left: 30, top: 12, right: 121, bottom: 90 },
    ];
    let compared = 0;
    for (const window of windows) {
      const inC = scorer(original, result, window);
      const inJavaScript = scorer(original, result, window, false);
      for (const sx of [0.55, 160 / 240, 0.8]) {
        for (const sy of [0.5, 107 / 160, 0.9]) {
          for (const ox of [-40, -3.3, 0, 12.7, 90]) {
            for (const oy of [-30, 0, 5.25, 60]) {
              const placement = { sx, sy, ox, oy };
              expect(inC(placement), JSON.stringify({ window, placement })).toBe(inJavaScript(placement));
              compared++;
            }
          }
        }
      }
    }
    // A placement that covers too little of the window scores −1, in both.
    const small = { sx: 0.2, sy: 0.2, ox: 0, oy: 0 };
    expect(scorer(original, result, windows[0]!)(small)).toBe(-1);
    expect(scorer(original, result, windows[0]!, false)(small)).toBe(-1);
    expect(scorer(original, result, windows[0]!)({ sx: 160 / 240, sy: 107 / 160, ox: 0, oy: 0 })).toBeGreaterThan(-1);
    expect(compared).toBe(360);
  });
});
