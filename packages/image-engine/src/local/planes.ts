import { boxBlur as blurRaster } from '../fit-to-original/raster';
import { nativeKernels } from '../native/kernels';
import { unfilledFloat32 } from '../native/unfilled-arrays';

/**
 * Single-channel float maps at preview resolution (masks, gains, base luminance), and the few filters the
 * engine needs on them. Everything here runs on a few hundred thousand values, so plain loops are fine.
 */
export interface Plane {
  width: number;
  height: number;
  values: Float32Array;
}

export const createPlane = (width: number, height: number, fill = 0): Plane => ({
  width,
  height,
  values: unfilledFloat32(width * height).fill(fill),
});

export function mapPlane(plane: Plane, f: (value: number, index: number) => number): Plane {
  const values = unfilledFloat32(plane.values.length);
  for (let i = 0; i < values.length; i++) values[i] = f(plane.values[i]!, i);
  return { width: plane.width, height: plane.height, values };
}

/** Mean of a square window (2·radius+1 wide), edges clamped: two separable running sums, O(1) a value. */
export function boxBlur(plane: Plane, radius: number): Plane {
  const { width, height, values } = plane;
  return { width, height, values: blurRaster({ data: values, width, height }, radius).data };
}

/** Three box blurs approximate a Gaussian of the same width; masks feathered this way have no corners. */
export const smoothBlur = (plane: Plane, radius: number): Plane =>
  boxBlur(boxBlur(boxBlur(plane, radius), radius), radius);

/**
 * Edge-preserving smoothing (He et al., "Guided Image Filtering", self-guided): flat regions are averaged
 * over the window, while strong edges such as a window frame against a bright sky stay sharp, so gains
 * computed from the result do not leave halos around them. `epsilon` is in squared value units.
 */
export function guidedSmooth(plane: Plane, radius: number, epsilon: number): Plane {
  const { width, height, values } = plane;
  const native = Number.isInteger(radius) ? nativeKernels() : undefined;
  if (native) {
    const smoothed = unfilledFloat32(values.length);
    native.guidedSmooth(values, width, height, radius, epsilon, smoothed);
    return { width, height, values: smoothed };
  }
  const squares = unfilledFloat32(values.length);
  for (let i = 0; i < values.length; i++) squares[i] = values[i]! * values[i]!;
  const mean = boxBlur(plane, radius).values;
  const meanOfSquares = boxBlur({ width, height, values: squares }, radius).values;
  const a = unfilledFloat32(values.length);
  const b = unfilledFloat32(values.length);
  for (let i = 0; i < values.length; i++) {
    const variance = Math.max(0, meanOfSquares[i]! - mean[i]! * mean[i]!);
    a[i] = variance / (variance + epsilon);
    b[i] = mean[i]! * (1 - a[i]!);
  }
  const meanA = boxBlur({ width, height, values: a }, radius).values;
  const meanB = boxBlur({ width, height, values: b }, radius).values;
  const out = unfilledFloat32(values.length);
  for (let i = 0; i < values.length; i++) out[i] = meanA[i]! * values[i]! + meanB[i]!;
  return { width, height, values: out };
}

/**
 * Bilinear sampling of a preview-resolution plane at full resolution, one row at a time: the full-size map
 * never exists, only the row being edited. Pixel centres are aligned, so the plane and the photo cover the
 * same area whatever their sizes. Along a row the value changes linearly between two plane columns, so it
 * is stepped by one addition a pixel rather than interpolated afresh (this runs for every pixel).
 */
export class RowSampler {
  /** Full-resolution column where the span between plane columns c and c + 1 ends (exclusive). */
  readonly spanEnd: Int32Array;
  /** Columns before this one take plane column 0's value. */
  readonly firstInterpolated: number;
  /** Plane columns per full-resolution column. */
  readonly scale: number;
  private readonly blendedRow: Float32Array;

  constructor(
    readonly plane: Plane,
    readonly fullWidth: number,
    private readonly fullHeight: number,
  ) {
    this.scale = plane.width / fullWidth;
    this.blendedRow = new Float32Array(plane.width);
    // Column x samples the plane at (x + 0.5)·scale − 0.5, which passes plane column c at x = (c + 0.5)/scale − 0.5.
    const firstAtOrAfter = (column: number) =>
      Math.min(fullWidth, Math.max(0, Math.ceil((column + 0.5) / this.scale - 0.5)));
    this.firstInterpolated = firstAtOrAfter(0);
    this.spanEnd = Int32Array.from({ length: Math.max(0, plane.width - 1) }, (_, c) => firstAtOrAfter(c + 1));
  }

  /**
   * The plane's values at full-resolution row `y`'s height, one per plane column (blended between the two
   * nearest plane rows): what `sampleRow` interpolates along the row. Valid until the next call.
   */
  blendRow(y: number): Float32Array {
    const { plane, blendedRow } = this;
    const source = clampToRange(((y + 0.5) * plane.height) / this.fullHeight - 0.5, plane.height);
    const top = Math.floor(source);
    const bottom = Math.min(top + 1, plane.height - 1);
    const weight = source - top;
    const values = plane.values;
    for (let x = 0; x < plane.width; x++) {
      const upper = values[top * plane.width + x]!;
      blendedRow[x] = upper + (values[bottom * plane.width + x]! - upper) * weight;
    }
    return blendedRow;
  }

  /** Fills `out` (fullWidth long) with the plane's values along full-resolution row `y`. */
  sampleRow(y: number, out: Float32Array): void {
    const { plane, spanEnd, scale, fullWidth } = this;
    const blendedRow = this.blendRow(y);
    let x = 0;
    for (; x < this.firstInterpolated; x++) out[x] = blendedRow[0]!;
    for (let column = 0; column < spanEnd.length; column++) {
      const left = blendedRow[column]!;
      const step = (blendedRow[column + 1]! - left) * scale;
      let value = left + (blendedRow[column + 1]! - left) * ((x + 0.5) * scale - 0.5 - column);
      for (const end = spanEnd[column]!; x < end; x++, value += step) out[x] = value;
    }
    for (; x < fullWidth; x++) out[x] = blendedRow[plane.width - 1]!;
  }
}

const clampToRange = (value: number, size: number) => Math.min(size - 1, Math.max(0, value));

/** Hermite step from 0 (at or below edge0) to 1 (at or above edge1). */
export function smoothstep(edge0: number, edge1: number, value: number): number {
  const t = Math.min(1, Math.max(0, (value - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

const PERCENTILE_BINS = 4096;

/**
 * The values below which the given fractions of the values lie, from one histogram (O(n), no sorting),
 * accurate to 1/4096 of the values' range: plenty for image statistics.
 */
export function percentiles(values: ArrayLike<number>, fractions: number[]): number[] {
  if (values.length === 0) return fractions.map(() => 0);
  const native = nativeKernels();
  if (native && values instanceof Float32Array) {
    const found = new Float64Array(fractions.length);
    native.percentiles(values, Float64Array.from(fractions), found);
    return Array.from(found);
  }
  const { min, max } = rangeOf(values);
  if (max === min) return fractions.map(() => min);
  const scale = (PERCENTILE_BINS - 1) / (max - min);
  const histogram = histogramOf(values, min, scale);
  return fractions.map((fraction) => {
    const wanted = Math.min(values.length - 1, Math.max(0, Math.round(fraction * (values.length - 1))));
    const bin = binHolding(histogram, wanted);
    return bin < 0 ? max : min + bin / scale;
  });
}

// The loops are functions of their own: called for every photo, they are optimised once with what they have
// seen, where loops inside one long function were compiled while they ran and thrown away after each call.

function rangeOf(values: ArrayLike<number>) {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { min, max };
}

function histogramOf(values: ArrayLike<number>, min: number, scale: number) {
  const histogram = new Uint32Array(PERCENTILE_BINS);
  for (let i = 0; i < values.length; i++) histogram[Math.round((values[i]! - min) * scale)]!++;
  return histogram;
}

/** The bin where the count passes `wanted` values; −1 if it never does. */
function binHolding(histogram: Uint32Array, wanted: number) {
  let seen = 0;
  for (let bin = 0; bin < histogram.length; bin++) {
    seen += histogram[bin]!;
    if (seen > wanted) return bin;
  }
  return -1;
}

export const percentile = (values: ArrayLike<number>, fraction: number): number => percentiles(values, [fraction])[0]!;
