import type { RgbImage } from '../codecs/image-codec';
import { loadAddon, locateAddon } from './load-addon';

/**
 * Pixel loops in C (native/kernels.c, docs/decisions/099), each with a JavaScript twin that gives the same
 * result and does the work where the addon is not built. Steps run once per photo pay the JIT's warm-up every
 * time in JavaScript; these do not, and take about half the time on one thread (the blend uses two).
 */
export interface NativeKernels {
  /** An area edit's blend into `job.frame` (compose-area.ts's blendIntoArea). */
  blendArea(job: AreaBlendJob): void;
  /**
   * alignment.ts's correlation of `result` placed on `original` by `placement` ([sx, sy, ox, oy]) over
   * `window` ([left, top, right, bottom]).
   */
  correlation(
    original: Float32Array,
    originalWidth: number,
    result: Float32Array,
    resultWidth: number,
    placement: Float64Array,
    window: Int32Array,
    minOverlap: number,
  ): number;
}

/**
 * The preview analysis's loops (native/preview-kernels.c, docs/decisions/102), each named after its JavaScript
 * twin. Outputs are arrays the caller allocates; channels are a preview's (preview.ts), of one length.
 */
export interface PreviewKernels {
  halveImage(rgb: Uint8Array, width: number, height: number, out: Uint8Array): void;
  describePreview(
    rgb: Uint8Array,
    ...channels: [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array]
  ): void;
  percentiles(values: Float32Array, fractions: Float64Array, out: Float64Array): void;
  /** Weighted red, green, blue sums and the weights' sum into `out`. */
  neutralSums(
    red: Float32Array,
    green: Float32Array,
    blue: Float32Array,
    luma: Float32Array,
    saturation: Float32Array,
    limit: number,
    out: Float64Array,
  ): void;
  /** Red, green, blue sums and the count into `out`. */
  brightestSums(
    red: Float32Array,
    green: Float32Array,
    blue: Float32Array,
    luma: Float32Array,
    threshold: number,
    out: Float64Array,
  ): void;
  balancedLuma(
    red: Float32Array,
    green: Float32Array,
    blue: Float32Array,
    luma: Float32Array,
    gains: Float64Array,
    out: Float32Array,
  ): void;
  /** `curves`: red's, green's and blue's 256 entries in one array. */
  tonedLuma(
    red: Float32Array,
    green: Float32Array,
    blue: Float32Array,
    luma: Float32Array,
    curves: Float32Array,
    out: Float32Array,
  ): void;
  meanSaturation(
    red: Float32Array,
    green: Float32Array,
    blue: Float32Array,
    luma: Float32Array,
    curves: Float32Array,
  ): number;
  boxBlur(values: Float32Array, width: number, height: number, radius: number, out: Float32Array): void;
  guidedSmooth(
    values: Float32Array,
    width: number,
    height: number,
    radius: number,
    epsilon: number,
    out: Float32Array,
  ): void;
  gainValues(base: Float32Array, midScale: Float32Array, lift: number, clarity: number, out: Float32Array): void;
}

export interface AreaBlendJob {
  /** The base version's pixels, written in place. */
  frame: RgbImage;
  region: { left: number; top: number; width: number; height: number };
  feather: { alpha: Uint8Array; first: Int32Array; last: Int32Array };
  /** Where each of the region's columns samples the edit's row (byte offsets) and the weight's row. */
  columns: {
    edit: Int32Array;
    editNext: Int32Array;
    editFraction: Float32Array;
    weight: Int32Array;
    weightNext: Int32Array;
    weightFraction: Float32Array;
    firstCovered: number;
    lastCovered: number;
  };
  weight: { data: Float32Array; width: number; height: number };
  edited: RgbImage;
  mapping: { offsetY: number; scaleY: number };
  tone: { gain: readonly number[]; offset: readonly number[] };
}

const ADDON = '@hearth/image-engine/native-kernels';

let javaScriptOnly = 0;

/** The kernels, or undefined without the addon (load-addon.ts says when) or inside {@link withJavaScriptKernels}. */
export function nativeKernels(): (NativeKernels & PreviewKernels) | undefined {
  if (javaScriptOnly) return undefined;
  const state = loadAddon<NativeKernels & PreviewKernels>(ADDON);
  return 'loaded' in state ? state.loaded : undefined;
}

/** Runs `work` (synchronous) on the JavaScript twins, for tests that compare them with the C. */
export function withJavaScriptKernels<T>(work: () => T): T {
  javaScriptOnly++;
  try {
    return work();
  } finally {
    javaScriptOnly--;
  }
}

/** Whether the fit's and area edits' loops run in C or JavaScript, for the worker's start-up log; loads nothing. */
export function describeNativeKernels(): string {
  const found = locateAddon(ADDON);
  return 'path' in found ? 'C' : `JavaScript: native kernels ${found.reason}`;
}

/** Whether the kernels are in use, and if not, why (loads them). */
export function nativeKernelsStatus(): { available: boolean; reason?: string } {
  const state = loadAddon<NativeKernels>(ADDON);
  return 'loaded' in state ? { available: true } : { available: false, reason: state.reason };
}
