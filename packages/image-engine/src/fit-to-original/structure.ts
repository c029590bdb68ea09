import type { RgbImage } from '../codecs/image-codec';
import {
  connectedComponents,
  createRaster,
  dilate,
  gradientMagnitude,
  luminance,
  percentile,
  smooth,
  type Raster,
} from './raster';

/**
 * Did the room's architecture change? Compares the strong edges (walls meeting, window and door frames,
 * rooflines) of the original and the finished photo outside the band the template may change, and measures
 * the largest cluster of edges that appeared or vanished there. Furniture stands on the floor, below eye
 * level; windows and doors reach above it. Calibration: docs/decisions/020-structure-check-threshold.md.
 */

export const STRUCTURE_REVIEW_REASON =
  "The room's structure may have changed — check windows, doors and walls before publishing";

/** The rows (fractions of the height, from the top) a template is allowed to change. */
export interface ChangeZone {
  /** Rows at or below `fromRow` × height may change; 1 means nothing may. */
  fromRow: number;
}

export const STRUCTURE = {
  /** Blur radius before the gradients (box, twice): edges of objects, not of texture. */
  blurRadius: 1,
  /** An edge is a gradient above this fraction of the image's 97th-percentile gradient. */
  edgeLevel: 0.5,
  /** An edge still present within this many pixels counts as kept (the model redraws lines a little off). */
  tolerance: 2,
  /** Changed edges closer than this join one cluster. */
  clusterRadius: 3,
  /**
   * Largest cluster of changed edge pixels, as a fraction of the frame's diagonal, above which a result is
   * flagged. Calibrated by test-support/calibrate-structure-check.ts (decision 020).
   */
  threshold: 0.3,
};

export interface StructureCheck {
  /** Largest cluster of appeared or vanished edges in the checked area, in frame diagonals. */
  score: number;
  needsReview: boolean;
  reason?: string;
}

/** Edges of an image at the working size: gradient magnitude of the blurred luminance, in units of its own 97th percentile. */
export function edgeStrength(image: RgbImage): Raster {
  const gradient = gradientMagnitude(smooth(luminance(image), STRUCTURE.blurRadius));
  const scale = percentile(gradient, 0.97) || 1;
  for (let i = 0; i < gradient.data.length; i++) gradient.data[i]! /= scale;
  return gradient;
}

/**
 * Scores the structural change between `original` and `output` (same working size). `threshold` defaults to
 * STRUCTURE.threshold; the calibration script passes others. With `region` (1 = checked), only changes inside
 * it count: an area edit is checked inside its painted area. `originalEdges` is edgeStrength(original), when
 * the caller made it ahead (an area edit, while the provider works).
 */
export function checkStructure(
  original: RgbImage,
  output: RgbImage,
  zone: ChangeZone,
  threshold = STRUCTURE.threshold,
  region?: Uint8Array,
  originalEdges?: Raster,
): StructureCheck & { changed: Uint8Array } {
  const { width, height } = original;
  const before = originalEdges ?? edgeStrength(original);
  const after = edgeStrength(output);
  const edgesBefore = threshold01(before);
  const edgesAfter = threshold01(after);
  const nearBefore = dilate(edgesBefore, width, height, STRUCTURE.tolerance);
  const nearAfter = dilate(edgesAfter, width, height, STRUCTURE.tolerance);

  const checkedRows = Math.min(height, Math.floor(zone.fromRow * height));
  const changed = new Uint8Array(width * height);
  for (let i = 0; i < checkedRows * width; i++) {
    if (region && !region[i]) continue;
    if ((edgesBefore[i] && !nearAfter[i]) || (edgesAfter[i] && !nearBefore[i])) changed[i] = 1;
  }

  const { labels, count } = connectedComponents(dilate(changed, width, height, STRUCTURE.clusterRadius), width, height);
  const sizes = new Float64Array(count + 1);
  for (let i = 0; i < changed.length; i++) if (changed[i]) sizes[labels[i]!]!++;
  let largest = 0;
  for (let label = 1; label <= count; label++) largest = Math.max(largest, sizes[label]!);
  const score = largest / Math.hypot(width, height);
  const needsReview = score > threshold;
  return { score, needsReview, ...(needsReview && { reason: STRUCTURE_REVIEW_REASON }), changed };
}

function threshold01(strength: Raster): Uint8Array {
  const mask = new Uint8Array(strength.data.length);
  for (let i = 0; i < mask.length; i++) mask[i] = strength.data[i]! > STRUCTURE.edgeLevel ? 1 : 0;
  return mask;
}

/** A raster of the changed-edge mask, for the calibration script's pictures. */
export const maskToRaster = (mask: Uint8Array, width: number, height: number): Raster => {
  const raster = createRaster(width, height);
  for (let i = 0; i < mask.length; i++) raster.data[i] = mask[i]! * 255;
  return raster;
};
