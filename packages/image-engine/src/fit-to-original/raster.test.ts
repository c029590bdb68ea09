import { describe, expect, it } from 'vitest';
import { createRaster, percentile } from './raster';

describe('percentile', () => {
  it('is the sorted values’ entry at the fraction, with many ties and inside a mask', () => {
    const raster = createRaster(97, 61);
    let seed = 3;
    for (let i = 0; i < raster.data.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      // Half the values 0 (flat areas), the rest spread with ties, as gradients are.
      raster.data[i] = seed % 2 ? 0 : (seed >>> 20) % 300;
    }
    const mask = Uint8Array.from(raster.data, (_, i) => (i % 3 ? 1 : 0));
    for (const fraction of [0, 0.3, 0.5, 0.97, 1]) {
      const sorted = raster.data.slice().sort();
      expect(percentile(raster, fraction)).toBe(
        sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))],
      );
      const inside = raster.data.filter((_, i) => mask[i]).sort();
      expect(percentile(raster, fraction, mask)).toBe(
        inside[Math.min(inside.length - 1, Math.floor(fraction * inside.length))],
      );
    }
  });
});
