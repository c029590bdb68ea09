import type { PixelSize } from './provider';

/**
 * Which output size to ask a model for. The result is fitted back to the original photo, so the best size is
 * the one closest to the original's resolution (in the ratio of pixel counts, so 2× too many and 2× too few
 * count the same): a 24 MP photo gets the model's largest, a phone's 3 MP photo no more than it needs.
 */

export const megapixels = ({ width, height }: PixelSize) => (width * height) / 1e6;
export const sizeLabel = ({ width, height }: PixelSize) => `${width}×${height}`;

/** The candidate whose pixel count is closest to the target's. */
export function closestResolution<T extends { size: PixelSize }>(target: PixelSize, candidates: readonly T[]): T {
  const want = target.width * target.height;
  const distance = (candidate: T) => Math.abs(Math.log((candidate.size.width * candidate.size.height) / want));
  let best = candidates[0]!;
  for (const candidate of candidates) if (distance(candidate) < distance(best)) best = candidate;
  return best;
}

export interface FreeSizeLimits {
  /** Longest side the model makes. */
  maxSide: number;
  /** Most and fewest pixels it makes. */
  maxPixels: number;
  minPixels: number;
  /** Both sides must be multiples of this. */
  multiple: number;
  /** Widest ratio it makes (3 means 3:1 either way). */
  maxElongation: number;
}

/**
 * For models that take any width and height within limits (gpt-image-2, FLUX.2): the original's shape at its
 * own resolution, or the nearest the limits allow.
 */
export function freeOutputSize(target: PixelSize, limits: FreeSizeLimits): PixelSize {
  const ratio = Math.min(limits.maxElongation, Math.max(1 / limits.maxElongation, target.width / target.height));
  const pixels = Math.min(limits.maxPixels, Math.max(limits.minPixels, target.width * target.height));
  let width = Math.sqrt(pixels * ratio);
  let height = width / ratio;
  const shrink = Math.min(1, limits.maxSide / Math.max(width, height));
  width *= shrink;
  height *= shrink;
  const round = (side: number) => Math.max(limits.multiple, Math.floor(side / limits.multiple) * limits.multiple);
  const size = { width: round(width), height: round(height) };
  // Rounding down can leave the size just under the minimum: grow whichever side keeps the shape closest.
  while (size.width * size.height < limits.minPixels) {
    if (size.width / size.height < ratio) size.width += limits.multiple;
    else size.height += limits.multiple;
  }
  return size;
}

/**
 * Whether a vendor answered at (about) the size asked for. Models round to their own grids, so within 10% on
 * the longer side counts as what was asked; less is the silent fallback to 1K some vendors do.
 */
export function answeredSmaller(requested: PixelSize, returned: PixelSize): boolean {
  return Math.max(returned.width, returned.height) < 0.9 * Math.max(requested.width, requested.height);
}
