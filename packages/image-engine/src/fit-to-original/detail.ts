import type { RgbImage } from '../codecs/image-codec';
import type { FrameMapping } from './alignment';
import { clamp, createRaster, dilate, erode, smooth, type Raster } from './raster';

/**
 * Which parts of the frame the model changed. Generative models redraw every pixel, so "unchanged" cannot mean
 * equal: it means equal once both are blurred to the scale of objects (fine texture is the model's own
 * invention either way) and once the model's small global shift in exposure and colour is taken out. Where
 * that holds, the original's full-resolution pixels are kept; elsewhere the model's, with feathered edges.
 */

/** Per-channel linear map from the model's colours to the original's: value × gain + offset. */
export interface ToneMap {
  gain: [number, number, number];
  offset: [number, number, number];
}

export const IDENTITY_TONE: ToneMap = { gain: [1, 1, 1], offset: [0, 0, 0] };

export const DETAIL = {
  /** Blur radius (box, applied twice) at the working size before comparing: the scale of "objects". */
  compareRadius: 2,
  /** Largest difference (0–255, any channel) still counted as "the model left this alone". */
  changeThreshold: 16,
  /** Specks smaller than this radius are noise, not staging. */
  openRadius: 1,
  /** Grown by this much so the feather starts outside the object and keeps its contact shadows. */
  growRadius: 3,
  /** Feather (box radius, applied twice) of the blend between original and model. */
  featherRadius: 3,
  /** When more of the frame than this changed, the edit was global (twilight, restyles): use the model whole. */
  maxChangedFraction: 0.6,
};

const GAIN_RANGE = [0.75, 1.33] as const;
const OFFSET_RANGE = [-40, 40] as const;

/**
 * Samples `source` into a `width`×`height` frame through `mapping` (source pixels to frame pixels), bilinear.
 * `covered` marks frame pixels the source reaches. Callers pass a source already scaled close to the frame's
 * scale, so bilinear sampling neither aliases nor blurs much.
 */
export function warpIntoFrame(
  source: RgbImage,
  mapping: FrameMapping,
  width: number,
  height: number,
): { image: RgbImage; covered: Uint8Array } {
  const data = Buffer.alloc(width * height * 3);
  const covered = new Uint8Array(width * height);
  const { width: sw, height: sh, data: src } = source;
  const columns = axisSamples(width, mapping.offsetX, mapping.scaleX, sw);
  for (let y = 0; y < height; y++) {
    const v = (y + 0.5 - mapping.offsetY) / mapping.scaleY - 0.5;
    if (v < -0.5 || v > sh - 0.5) continue;
    const y0 = clamp(Math.floor(v), 0, sh - 1);
    const y1 = Math.min(y0 + 1, sh - 1);
    const fy = clamp(v - y0, 0, 1);
    for (let x = 0; x < width; x++) {
      if (!columns.inside[x]) continue;
      const x0 = columns.index[x]!;
      const x1 = Math.min(x0 + 1, sw - 1);
      const fx = columns.fraction[x]!;
      const out = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        const a = src[(y0 * sw + x0) * 3 + c]!;
        const b = src[(y0 * sw + x1) * 3 + c]!;
        const d = src[(y1 * sw + x0) * 3 + c]!;
        const e = src[(y1 * sw + x1) * 3 + c]!;
        const top = a + (b - a) * fx;
        data[out + c] = Math.round(top + (d + (e - d) * fx - top) * fy);
      }
      covered[y * width + x] = 1;
    }
  }
  return { image: { data, width, height }, covered };
}

/** For each frame column (or row): the source index to its left, the fraction towards the next, and whether it is inside. */
export function axisSamples(length: number, offset: number, scale: number, sourceLength: number) {
  const index = new Int32Array(length);
  const fraction = new Float32Array(length);
  const inside = new Uint8Array(length);
  for (let i = 0; i < length; i++) {
    const position = (i + 0.5 - offset) / scale - 0.5;
    inside[i] = position >= -0.5 && position <= sourceLength - 0.5 ? 1 : 0;
    const i0 = clamp(Math.floor(position), 0, sourceLength - 1);
    index[i] = i0;
    fraction[i] = clamp(position - i0, 0, 1);
  }
  return { index, fraction, inside };
}

/** Blurs each channel of an image at the comparison scale. */
export function blurredChannels(image: RgbImage, radius = DETAIL.compareRadius): Raster[] {
  return [0, 1, 2].map((c) => {
    const raster = createRaster(image.width, image.height);
    for (let i = 0, p = c; i < raster.data.length; i++, p += 3) raster.data[i] = image.data[p]!;
    return smooth(raster, radius);
  });
}

/**
 * Least-squares tone map from model to original over `mask`, refitted on the better-matching half so that
 * staged objects do not pull it, and clamped to a plausible exposure and white-balance shift.
 */
export function fitTone(model: Raster[], original: Raster[], mask: Uint8Array): ToneMap {
  const models = model.map((raster) => raster.data);
  const originals = original.map((raster) => raster.data);
  const residual = new Float32Array(mask.length);
  // Residuals are binned (quarter levels) to find their median without sorting.
  const bins = new Uint32Array(1024);
  let use = mask;
  let tone = IDENTITY_TONE;
  for (let pass = 0; pass < 3; pass++) {
    tone = leastSquares(models, originals, use);
    const count = binResiduals(models, originals, tone, mask, residual, bins);
    if (count === 0) return IDENTITY_TONE;
    use = belowMedian(mask, residual, bins, count);
  }
  return tone;
}

/*
 * The loops over pixels are functions of their own, taking only typed arrays and numbers: each is compiled once
 * and stays so. Inside a larger function, a change of an object's shape elsewhere in it would throw the compiled
 * loop away with it, and a step run once per photo would pay the compiler's warm-up again every time.
 */

/** The worst channel's residual under `tone` at each pixel of `mask`, counted in `bins`; how many there are. */
function binResiduals(
  model: Float32Array[],
  original: Float32Array[],
  tone: ToneMap,
  mask: Uint8Array,
  residual: Float32Array,
  bins: Uint32Array,
): number {
  const [m0, m1, m2] = model as [Float32Array, Float32Array, Float32Array];
  const [r0, r1, r2] = original as [Float32Array, Float32Array, Float32Array];
  const [g0, g1, g2] = tone.gain;
  const [o0, o1, o2] = tone.offset;
  bins.fill(0);
  let count = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const worst = Math.max(
      Math.abs(m0[i]! * g0 + o0 - r0[i]!),
      Math.abs(m1[i]! * g1 + o1 - r1[i]!),
      Math.abs(m2[i]! * g2 + o2 - r2[i]!),
    );
    residual[i] = worst;
    bins[Math.min(1023, Math.floor(worst * 4))]!++;
    count++;
  }
  return count;
}

/** The pixels of `mask` whose residual is below the median's bin's upper edge. */
function belowMedian(mask: Uint8Array, residual: Float32Array, bins: Uint32Array, count: number): Uint8Array {
  let seen = 0;
  let median = 0;
  while (median < 1023 && seen + bins[median]! < count / 2) seen += bins[median++]!;
  const limit = (median + 1) / 4;
  const next = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) next[i] = mask[i] && residual[i]! < limit ? 1 : 0;
  return next;
}

function leastSquares(model: Float32Array[], original: Float32Array[], mask: Uint8Array): ToneMap {
  const gain: [number, number, number] = [1, 1, 1];
  const offset: [number, number, number] = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    const [n, sx, sy, sxx, sxy] = sumProducts(model[c]!, original[c]!, mask);
    if (n < 16) continue;
    const variance = sxx - (sx * sx) / n;
    const g = variance > 1e-6 ? (sxy - (sx * sy) / n) / variance : 1;
    const clampedGain = clamp(g, GAIN_RANGE[0], GAIN_RANGE[1]);
    gain[c] = clampedGain;
    offset[c] = clamp((sy - clampedGain * sx) / n, OFFSET_RANGE[0], OFFSET_RANGE[1]);
  }
  return { gain, offset };
}

/** Over `mask`: the count, Σx, Σy, Σx² and Σxy. */
function sumProducts(xs: Float32Array, ys: Float32Array, mask: Uint8Array): [number, number, number, number, number] {
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = xs[i]!;
    const y = ys[i]!;
    n++;
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  return [n, sx, sy, sxx, sxy];
}

export const applyTone = (tone: ToneMap, channel: number, value: number) =>
  value * tone.gain[channel]! + tone.offset[channel]!;

/**
 * The blend weight of the model at the working size: 1 where it changed the room, 0 where the original is
 * kept, feathered in between. Returns the weight and the fraction of the covered frame that changed.
 */
export function changeWeights(
  model: Raster[],
  original: Raster[],
  covered: Uint8Array,
  tone: ToneMap,
): { weight: Raster; changedFraction: number } {
  const { width, height } = original[0]!;
  const changed = new Uint8Array(width * height);
  const coveredCount = markChanged(
    model.map((raster) => raster.data),
    original.map((raster) => raster.data),
    tone,
    covered,
    changed,
  );
  const opened = dilate(erode(changed, width, height, DETAIL.openRadius), width, height, DETAIL.openRadius);
  const grown = dilate(opened, width, height, DETAIL.growRadius);
  const hard = createRaster(width, height);
  const changedCount = markBoth(grown, covered, hard.data);
  const weight = smooth(hard, DETAIL.featherRadius);
  // Outside the result there is nothing of the model's to blend in.
  zeroWhereUnset(weight.data, covered);
  return { weight, changedFraction: coveredCount ? changedCount / coveredCount : 0 };
}

/** Marks in `changed` the covered pixels where a channel differs by more than the threshold; counts covered. */
function markChanged(
  model: Float32Array[],
  original: Float32Array[],
  tone: ToneMap,
  covered: Uint8Array,
  changed: Uint8Array,
): number {
  const [m0, m1, m2] = model as [Float32Array, Float32Array, Float32Array];
  const [r0, r1, r2] = original as [Float32Array, Float32Array, Float32Array];
  const [g0, g1, g2] = tone.gain;
  const [o0, o1, o2] = tone.offset;
  const limit = DETAIL.changeThreshold;
  let coveredCount = 0;
  for (let i = 0; i < changed.length; i++) {
    if (!covered[i]) continue;
    coveredCount++;
    if (
      Math.abs(m0[i]! * g0 + o0 - r0[i]!) > limit ||
      Math.abs(m1[i]! * g1 + o1 - r1[i]!) > limit ||
      Math.abs(m2[i]! * g2 + o2 - r2[i]!) > limit
    ) {
      changed[i] = 1;
    }
  }
  return coveredCount;
}

/** 1 in `into` where both maps are set; how many. */
function markBoth(a: Uint8Array, b: Uint8Array, into: Float32Array): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) {
    if (!a[i] || !b[i]) continue;
    into[i] = 1;
    count++;
  }
  return count;
}

function zeroWhereUnset(values: Float32Array, set: Uint8Array) {
  for (let i = 0; i < set.length; i++) if (!set[i]) values[i] = 0;
}
