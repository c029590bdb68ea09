import type { RgbImage } from '../../../adapters/image-codec';
import type { FrameMapping } from './alignment';
import { applyTone, axisSamples, type ToneMap } from './detail';
import { clamp, type Raster } from './raster';

/**
 * The final photo at the original's exact size: the original's own pixels wherever the blend weight is 0, the
 * model's result (mapped through `mapping`, tone-matched to the original) where it is 1, mixed in between.
 * The weight map is small (the working size) and read bilinearly, so no full-size mask ever exists; the
 * mapping is axis-aligned, so every column's and row's sample positions are computed once.
 */
export function composeFullResolution(
  original: RgbImage,
  result: RgbImage,
  mapping: FrameMapping,
  weight: Raster,
  tone: ToneMap,
): RgbImage {
  const { width, height } = original;
  const out = Buffer.from(original.data);
  const src = result.data;
  const rw = result.width;
  const rh = result.height;
  const resultColumns = axisSamples(width, mapping.offsetX, mapping.scaleX, rw);
  const weightColumns = axisSamples(width, 0, width / weight.width, weight.width);
  const weightRow = new Float32Array(weight.width);

  for (let y = 0; y < height; y++) {
    const v = (y + 0.5 - mapping.offsetY) / mapping.scaleY - 0.5;
    if (v < -0.5 || v > rh - 0.5) continue;
    const ry0 = clamp(Math.floor(v), 0, rh - 1);
    const ry1 = Math.min(ry0 + 1, rh - 1);
    const fy = clamp(v - ry0, 0, 1);

    const wv = clamp(((y + 0.5) * weight.height) / height - 0.5, 0, weight.height - 1);
    const wy0 = Math.floor(wv);
    const wy1 = Math.min(wy0 + 1, weight.height - 1);
    const wfy = wv - wy0;
    let any = false;
    for (let x = 0; x < weight.width; x++) {
      const a = weight.data[wy0 * weight.width + x]!;
      const value = a + (weight.data[wy1 * weight.width + x]! - a) * wfy;
      weightRow[x] = value;
      if (value > 0) any = true;
    }
    if (!any) continue;

    for (let x = 0; x < width; x++) {
      if (!resultColumns.inside[x]) continue;
      const wx0 = weightColumns.index[x]!;
      const w0 = weightRow[wx0]!;
      const alpha = w0 + (weightRow[Math.min(wx0 + 1, weight.width - 1)]! - w0) * weightColumns.fraction[x]!;
      if (alpha < 1 / 512) continue;
      const rx0 = resultColumns.index[x]!;
      const rx1 = Math.min(rx0 + 1, rw - 1);
      const fx = resultColumns.fraction[x]!;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const p = src[(ry0 * rw + rx0) * 3 + c]!;
        const q = src[(ry0 * rw + rx1) * 3 + c]!;
        const r = src[(ry1 * rw + rx0) * 3 + c]!;
        const s = src[(ry1 * rw + rx1) * 3 + c]!;
        const top = p + (q - p) * fx;
        const model = applyTone(tone, c, top + (r + (s - r) * fx - top) * fy);
        const mixed = out[o + c]! + (model - out[o + c]!) * alpha;
        out[o + c] = mixed < 0 ? 0 : mixed > 255 ? 255 : Math.round(mixed);
      }
    }
  }
  return { data: out, width, height };
}
