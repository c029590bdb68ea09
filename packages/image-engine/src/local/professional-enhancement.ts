import { nativeKernels } from '../native/kernels';
import { EnhancementKernel, HIGH_PASS_RANGE, type PixelTables } from './enhancement-kernel';
import { boxBlur, guidedSmooth, mapPlane, percentile, percentiles, type Plane, RowSampler } from './planes';
import { planeOf, type PreviewPixels } from './preview';
import type { RowEdit } from './row-pass';
import { unfilledFloat32 } from '../native/unfilled-arrays';

/**
 * Professional Enhancement: the edit a real-estate photo editor makes to every photo. Bright and natural,
 * never "HDR": white balance toward neutral, a gentle levels stretch and midtone lift, shadows opened by a
 * smooth local gain, a little clarity, vibrance that spares skin and wood tones, and light sharpening.
 *
 * Everything is measured on the preview; the full-resolution pass only looks values up and multiplies.
 */
export interface ProfessionalEnhancementPlan {
  /** Per channel (R, G, B): input value 0–255 → white-balanced, levelled, gamma-lifted value. */
  curves: [Float32Array, Float32Array, Float32Array];
  /** Local multiplicative gain (shadow lift and clarity) at preview resolution. */
  gain: Plane;
  /** Saturation boost by chroma (max − min, 0–255): strongest for muted colours, none for vivid ones. */
  vibrance: Float32Array;
  /** Weight of the 4-neighbour high-pass added back to each pixel. */
  sharpenAmount: number;
}

const WHITE_BALANCE_STRENGTH = 0.8;
const MAX_CHANNEL_GAIN = 1.5;
const TARGET_MEDIAN = 0.52;
const SHADOW_LIFT_MAX = 0.9;
const CLARITY = 0.12;
const SHARPEN_AMOUNT = 0.1;
/** High-pass values below this (in 4-neighbour units) are noise and grain: sharpening leaves them alone. */
const SHARPEN_THRESHOLD = 8;

export function planProfessionalEnhancement(preview: PreviewPixels): ProfessionalEnhancementPlan {
  const balance = whiteBalanceGains(preview);
  const curves = toneCurves(preview, balance);
  const toned = applyCurvesToLuma(preview, curves);
  return {
    curves,
    gain: localGain(planeOf(preview, toned)),
    vibrance: vibranceByChroma(meanSaturation(preview, curves)),
    sharpenAmount: SHARPEN_AMOUNT,
  };
}

/**
 * Gray world over the near-neutral pixels: walls, ceilings, trim, pavement and overcast skies are meant to be
 * white or grey, so their average colour is the cast. Only the least saturated pixels count (saturation
 * under 0.15, or under the 20th percentile when a strong cast leaves nothing that grey), weighted toward the
 * greyest, so a room full of warm oak or a yard of yellow grass is not pushed blue. The brightest unclipped
 * pixels (white patch) temper the estimate.
 */
export function whiteBalanceGains(preview: PreviewPixels): [number, number, number] {
  const neutralLimit = Math.max(0.15, percentile(preview.saturation, 0.2) + 0.02);
  const grayWorld = neutralMean(preview, neutralLimit);
  if (!grayWorld) return [1, 1, 1];
  const whitePatch = brightestMean(preview);
  const estimate = grayWorld.map((value, c) => 0.75 * value + 0.25 * whitePatch[c]!);
  const reference = estimate[1]!;
  const gains = estimate.map((value) => clampGain((reference / Math.max(value, 1)) ** WHITE_BALANCE_STRENGTH));
  // Keep the luminance: white balance changes colour, the levels step decides brightness.
  const luma = 0.299 * gains[0]! + 0.587 * gains[1]! + 0.114 * gains[2]!;
  return [gains[0]! / luma, gains[1]! / luma, gains[2]! / luma];
}

/**
 * The mean colour of the pixels less saturated than `neutralLimit` (and neither near black nor near white),
 * weighted toward the greyest; undefined when there are none. (Each loop over the preview is a function of its
 * own, here and below: one called for every photo is optimised once, where a loop inside a longer function
 * was compiled while it ran and thrown away after each call.)
 */
function neutralMean(preview: PreviewPixels, neutralLimit: number): number[] | undefined {
  const native = nativeKernels();
  if (native) {
    const sums = new Float64Array(4);
    native.neutralSums(...channelsOf(preview), preview.saturation, neutralLimit, sums);
    const [red, green, blue, weightSum] = sums as unknown as [number, number, number, number];
    return weightSum === 0 ? undefined : [red / weightSum, green / weightSum, blue / weightSum];
  }
  let red = 0;
  let green = 0;
  let blue = 0;
  let weightSum = 0;
  for (let i = 0; i < preview.luma.length; i++) {
    const luma = preview.luma[i]!;
    if (luma < 20 || luma > 245 || preview.saturation[i]! >= neutralLimit) continue;
    const weight = (1 - preview.saturation[i]! / neutralLimit) ** 2;
    red += weight * preview.red[i]!;
    green += weight * preview.green[i]!;
    blue += weight * preview.blue[i]!;
    weightSum += weight;
  }
  return weightSum === 0 ? undefined : [red / weightSum, green / weightSum, blue / weightSum];
}

const clampGain = (gain: number) => Math.min(MAX_CHANNEL_GAIN, Math.max(1 / MAX_CHANNEL_GAIN, gain));

/** Mean colour of the brightest 2% of pixels that are not clipped. */
function brightestMean(preview: PreviewPixels): number[] {
  const threshold = percentile(preview.luma, 0.98);
  const native = nativeKernels();
  if (native) {
    const sums = new Float64Array(4);
    native.brightestSums(...channelsOf(preview), threshold, sums);
    const count = sums[3]!;
    return count ? [sums[0]! / count, sums[1]! / count, sums[2]! / count] : [1, 1, 1];
  }
  const sum = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < preview.luma.length; i++) {
    const unclipped = Math.max(preview.red[i]!, preview.green[i]!, preview.blue[i]!) < 254;
    if (preview.luma[i]! < threshold || !unclipped) continue;
    sum[0]! += preview.red[i]!;
    sum[1]! += preview.green[i]!;
    sum[2]! += preview.blue[i]!;
    count++;
  }
  return count ? sum.map((s) => s / count) : [1, 1, 1];
}

/**
 * Levels and midtones, as three lookup tables. The black point moves at most a little (crushed shadows look
 * cheap), the white point stretches the histogram to the top, and a gamma brings the median luma toward a
 * bright-but-natural 52% grey. Every step is damped, so a well-exposed photo is left almost as it is.
 */
function toneCurves(preview: PreviewPixels, balance: number[]): [Float32Array, Float32Array, Float32Array] {
  const [gainR, gainG, gainB] = balance as [number, number, number];
  const balancedLuma = unfilledFloat32(preview.luma.length);
  const native = nativeKernels();
  if (native) native.balancedLuma(...channelsOf(preview), Float64Array.of(gainR, gainG, gainB), balancedLuma);
  for (let i = 0; !native && i < balancedLuma.length; i++) {
    balancedLuma[i] =
      0.299 * gainR * preview.red[i]! + 0.587 * gainG * preview.green[i]! + 0.114 * gainB * preview.blue[i]!;
  }
  const [darkest, middle, brightest] = percentiles(balancedLuma, [0.005, 0.5, 0.995]) as [number, number, number];
  const black = Math.min(24, Math.max(0, darkest - 2)) * 0.75;
  const top = Math.min(255, Math.max(150, brightest));
  const white = 255 - (255 - top) * 0.6;
  const median = (middle - black) / (white - black);
  const fullGamma = Math.log(TARGET_MEDIAN) / Math.log(Math.min(0.95, Math.max(0.05, median)));
  // Real-estate photos are never made darker in the midtones: a bright photo keeps its gamma.
  const gamma = 1 + (Math.min(1, Math.max(0.6, fullGamma)) - 1) * 0.85;
  const curve = (gain: number) =>
    Float32Array.from({ length: 256 }, (_, value) => {
      const levelled = Math.min(1, Math.max(0, (value * gain - black) / (white - black)));
      return 255 * levelled ** gamma;
    });
  return [curve(gainR), curve(gainG), curve(gainB)];
}

function applyCurvesToLuma(preview: PreviewPixels, curves: Float32Array[]): Float32Array {
  const [red, green, blue] = curves as [Float32Array, Float32Array, Float32Array];
  const toned = unfilledFloat32(preview.luma.length);
  const native = nativeKernels();
  if (native) native.tonedLuma(...channelsOf(preview), joined(curves), toned);
  for (let i = 0; !native && i < toned.length; i++) {
    toned[i] =
      (0.299 * red[preview.red[i]!]! + 0.587 * green[preview.green[i]!]! + 0.114 * blue[preview.blue[i]!]!) / 255;
  }
  return toned;
}

/**
 * Shadow lift and clarity as one smooth gain map. The base is the luma smoothed by an edge-preserving filter
 * over about 1/50 of the frame: dark regions (room corners, under furniture) get up to +90% exposure, bright
 * ones nothing. Clarity multiplies in the mid-scale detail (luma over base), which a plain exposure lift
 * would flatten. Because the gain multiplies all three channels, colours keep their hue and saturation.
 */
function localGain(toned: Plane): Plane {
  const longSide = Math.max(toned.width, toned.height);
  const base = guidedSmooth(toned, Math.max(2, Math.round(longSide / 50)), 0.012);
  const midScale = boxBlur(toned, Math.max(1, Math.round(longSide / 300))).values;
  const lift = SHADOW_LIFT_MAX * Math.min(1, 0.25 + 2 * shareBelow(toned.values, 0.22));
  return { width: base.width, height: base.height, values: gainValues(base.values, midScale, lift) };
}

function shareBelow(values: Float32Array, limit: number): number {
  let below = 0;
  for (let i = 0; i < values.length; i++) if (values[i]! < limit) below++;
  return below / values.length;
}

function gainValues(base: Float32Array, midScale: Float32Array, lift: number): Float32Array {
  const gain = unfilledFloat32(base.length);
  const native = nativeKernels();
  if (native) native.gainValues(base, midScale, lift, CLARITY, gain);
  for (let i = 0; !native && i < gain.length; i++) {
    const baseValue = base[i]!;
    const shade = 1 - baseValue;
    const shadowGain = 1 + lift * shade * shade * shade;
    const clarity = 1 + (CLARITY * (midScale[i]! - baseValue)) / Math.max(baseValue, 0.1);
    gain[i] = Math.min(2, Math.max(0.8, shadowGain * clarity));
  }
  return gain;
}

function meanSaturation(preview: PreviewPixels, curves: Float32Array[]): number {
  const native = nativeKernels();
  if (native) return native.meanSaturation(...channelsOf(preview), joined(curves));
  const [red, green, blue] = curves as [Float32Array, Float32Array, Float32Array];
  let sum = 0;
  for (let i = 0; i < preview.luma.length; i++) {
    const r = red[preview.red[i]! | 0]!;
    const g = green[preview.green[i]! | 0]!;
    const b = blue[preview.blue[i]! | 0]!;
    const max = Math.max(r, g, b);
    sum += max > 0 ? (max - Math.min(r, g, b)) / max : 0;
  }
  return sum / Math.max(1, preview.luma.length);
}

/** The preview's channels in the order the C loops take them (native/preview-kernels.c). */
const channelsOf = ({ red, green, blue, luma }: PreviewPixels) => [red, green, blue, luma] as const;

/** The three curves in one array, red's first, for the C loops. */
function joined(curves: Float32Array[]): Float32Array {
  const all = new Float32Array(3 * 256);
  curves.forEach((curve, index) => all.set(curve, index * 256));
  return all;
}

/**
 * Vibrance amount adapts to the photo (muted photos get more), then falls with each pixel's chroma: muted
 * colours gain up to the full amount, vivid ones (chroma above ~160) nothing, so nothing clips or glows.
 */
function vibranceByChroma(meanSat: number): Float32Array {
  const amount = Math.min(0.35, Math.max(0.08, 0.5 - meanSat));
  return Float32Array.from({ length: 256 }, (_, chroma) => {
    const rampUp = Math.min(1, 0.5 + chroma / 40); // near-greys: a residual cast is not a colour to boost
    const fallOff = Math.max(0, 1 - chroma / 160) ** 1.5;
    return amount * rampUp * fallOff;
  });
}

/**
 * The pass works in integers: pixel values with 4 fractional bits (×16), factors with 8 (×256). The
 * precision (1/16 of a level, 0.4% of gain) is far below visibility, and integers let the loop run as
 * four-lane WebAssembly arithmetic (enhancement-kernel.ts).
 */
const VALUE_ONE = 16;
const FACTOR_ONE = 256;

function pixelTables(plan: ProfessionalEnhancementPlan): PixelTables {
  const fixed = (values: ArrayLike<number>, one: number) => Int32Array.from(values, (v) => Math.round(v * one));
  const [red, green, blue] = plan.curves;
  // Thresholded (grain and noise are left alone), then scaled.
  const sharpening = Array.from({ length: 2 * HIGH_PASS_RANGE + 1 }, (_, index) => {
    const highPass = index - HIGH_PASS_RANGE;
    return Math.sign(highPass) * Math.max(0, Math.abs(highPass) - SHARPEN_THRESHOLD) * plan.sharpenAmount;
  });
  return {
    red: fixed(red, VALUE_ONE),
    green: fixed(green, VALUE_ONE),
    blue: fixed(blue, VALUE_ONE),
    vibrance: fixed(plan.vibrance, FACTOR_ONE),
    sharpening: fixed(sharpening, VALUE_ONE),
  };
}

const gainSampler = (plan: ProfessionalEnhancementPlan, width: number, height: number) =>
  new RowSampler(
    mapPlane(plan.gain, (gain) => gain * FACTOR_ONE),
    width,
    height,
  );

/** The full-resolution pass for a plan. */
export function professionalEnhancementEdit(plan: ProfessionalEnhancementPlan, width: number, height: number): RowEdit {
  const sampler = gainSampler(plan, width, height);
  const kernel = new EnhancementKernel(pixelTables(plan), width, sampler);
  return ({ y, pixels, offset, original, above, below }) =>
    kernel.enhanceRow(y, sampler.blendRow(y), pixels, offset, original, above, below);
}

/**
 * The same pass as plain data for the libvips operation (native-pass.ts): the tables, in one array, and the
 * gain plane with where its columns fall along a full-size row.
 */
export function nativePassPlan(plan: ProfessionalEnhancementPlan, width: number, height: number): NativePassPlan {
  const { red, green, blue, vibrance, sharpening } = pixelTables(plan);
  const tables = new Int32Array(4 * 256 + sharpening.length);
  [red, green, blue, vibrance, sharpening].forEach((table, index) => tables.set(table, index * 256));
  const sampler = gainSampler(plan, width, height);
  const { plane } = sampler;
  return {
    tables,
    plane: plane.values,
    planeWidth: plane.width,
    planeHeight: plane.height,
    spanEnd: sampler.spanEnd,
    firstInterpolated: sampler.firstInterpolated,
    scale: sampler.scale,
    width,
    height,
  };
}

export interface NativePassPlan {
  tables: Int32Array;
  plane: Float32Array;
  planeWidth: number;
  planeHeight: number;
  spanEnd: Int32Array;
  firstInterpolated: number;
  scale: number;
  width: number;
  height: number;
}
