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

/** The kernels, or undefined without the addon (load-addon.ts says when). */
export function nativeKernels(): NativeKernels | undefined {
  const state = loadAddon<NativeKernels>(ADDON);
  return 'loaded' in state ? state.loaded : undefined;
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
