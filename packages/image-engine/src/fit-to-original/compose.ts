import type { RgbImage } from '../codecs/image-codec';
import type { FrameMapping } from './alignment';
import { axisSamples, type ToneMap } from './detail';
import { clamp, type Raster } from './raster';

const ROWS_PER_SLICE = 256;

/** A rectangle of the frame, in the original's pixels. */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The final photo at the original's exact size: the original's own pixels wherever the blend weight is 0, the
 * model's result (mapped through `mapping`, tone-matched to the original) where it is 1, mixed in between.
 * The weight map is small (the working size) and read bilinearly, so no full-size mask ever exists; the
 * mapping is axis-aligned, so every column's and row's sample positions are computed once. A 24 MP frame
 * takes a few hundred milliseconds, so the loop yields to the event loop every ROWS_PER_SLICE rows: the API
 * served by the same process stays responsive. With `region`, only that rectangle is made, and the image
 * returned is that rectangle. (An area edit makes its pixels itself, in one pass with its feather: compose-area.ts.)
 */
export async function composeFullResolution(
  original: RgbImage,
  result: RgbImage,
  mapping: FrameMapping,
  weight: Raster,
  tone: ToneMap,
  region?: Region,
): Promise<RgbImage> {
  const { width, height } = original;
  const box = region ?? { left: 0, top: 0, width, height };
  const data = region ? copyRegion(original, region) : Buffer.from(original.data);
  // A clamped view: assigning rounds and clamps to 0–255 in one step.
  const out = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const rw = result.width;
  const resultColumns = axisSamples(width, mapping.offsetX, mapping.scaleX, rw);
  const weightColumns = axisSamples(width, 0, width / weight.width, weight.width);
  const weightRow = new Float32Array(weight.width);
  const modelRow = new Float32Array(rw * 3);

  for (let y = box.top; y < box.top + box.height; y++) {
    if ((y - box.top) % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) await new Promise(setImmediate);
    if (!readWeightRow(weight, weightRow, y, height)) continue;
    if (!readModelRow(result, mapping, tone, y, modelRow)) continue;

    const lastWeight = weight.width - 1;
    for (let x = box.left, o = (y - box.top) * box.width * 3; x < box.left + box.width; x++, o += 3) {
      if (!resultColumns.inside[x]) continue;
      const wx0 = weightColumns.index[x]!;
      const w0 = weightRow[wx0]!;
      const alpha = w0 + (weightRow[wx0 < lastWeight ? wx0 + 1 : lastWeight]! - w0) * weightColumns.fraction[x]!;
      if (alpha < 1 / 512) continue;
      const p = resultColumns.index[x]! * 3;
      const q = p + 3 < rw * 3 ? p + 3 : p;
      const fx = resultColumns.fraction[x]!;
      const m0 = modelRow[p]! + (modelRow[q]! - modelRow[p]!) * fx;
      const m1 = modelRow[p + 1]! + (modelRow[q + 1]! - modelRow[p + 1]!) * fx;
      const m2 = modelRow[p + 2]! + (modelRow[q + 2]! - modelRow[p + 2]!) * fx;
      out[o] = out[o]! + (m0 - out[o]!) * alpha;
      out[o + 1] = out[o + 1]! + (m1 - out[o + 1]!) * alpha;
      out[o + 2] = out[o + 2]! + (m2 - out[o + 2]!) * alpha;
    }
  }
  return { data, width: box.width, height: box.height };
}

/** The original's pixels inside `region`, as a buffer of its own. */
function copyRegion(original: RgbImage, region: Region): Buffer {
  const rowBytes = region.width * 3;
  const data = Buffer.alloc(rowBytes * region.height);
  for (let y = 0; y < region.height; y++) {
    const start = ((region.top + y) * original.width + region.left) * 3;
    original.data.copy(data, y * rowBytes, start, start + rowBytes);
  }
  return data;
}

/**
 * One row of the model at output row `y`, into `row` (the result's width × 3): the result's two nearest rows
 * mixed and tone-matched. Tone is affine, so applying it before the horizontal mix gives the same value at a
 * thousandth of the cost. Only the result's columns `from` to `to` (inclusive) are made when a caller needs
 * no others. False when the result does not reach the row.
 */
export function readModelRow(
  result: RgbImage,
  mapping: FrameMapping,
  tone: ToneMap,
  y: number,
  row: Float32Array,
  from = 0,
  to = result.width - 1,
) {
  const { data: src, width: rw, height: rh } = result;
  const v = (y + 0.5 - mapping.offsetY) / mapping.scaleY - 0.5;
  if (v < -0.5 || v > rh - 0.5) return false;
  const ry0 = clamp(Math.floor(v), 0, rh - 1);
  const ry1 = Math.min(ry0 + 1, rh - 1);
  const fy = clamp(v - ry0, 0, 1);
  const [g0, g1, g2] = tone.gain;
  const [o0, o1, o2] = tone.offset;
  for (let i = from * 3, a = (ry0 * rw + from) * 3, b = (ry1 * rw + from) * 3; i <= to * 3; i += 3, a += 3, b += 3) {
    row[i] = (src[a]! + (src[b]! - src[a]!) * fy) * g0 + o0;
    row[i + 1] = (src[a + 1]! + (src[b + 1]! - src[a + 1]!) * fy) * g1 + o1;
    row[i + 2] = (src[a + 2]! + (src[b + 2]! - src[a + 2]!) * fy) * g2 + o2;
  }
  return true;
}

/** The weight map's row at output row `y`, read bilinearly into `row`; false when the whole row is 0. */
export function readWeightRow(weight: Raster, row: Float32Array, y: number, height: number): boolean {
  const wv = clamp(((y + 0.5) * weight.height) / height - 0.5, 0, weight.height - 1);
  const wy0 = Math.floor(wv);
  const wy1 = Math.min(wy0 + 1, weight.height - 1);
  const wfy = wv - wy0;
  let any = false;
  for (let x = 0; x < weight.width; x++) {
    const a = weight.data[wy0 * weight.width + x]!;
    const value = a + (weight.data[wy1 * weight.width + x]! - a) * wfy;
    row[x] = value;
    if (value > 0) any = true;
  }
  return any;
}
