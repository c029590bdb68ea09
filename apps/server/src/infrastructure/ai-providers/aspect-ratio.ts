/**
 * Vendors offer a few output shapes; the one closest to the photo (by the ratio of the ratios, so 4:3 vs 3:2
 * counts the same in portrait and landscape) loses the least of the frame when the result is mapped back.
 */

export interface Shape {
  label: string;
  ratio: number;
}

export function parseRatio(label: string): number {
  const match = /^(\d+)[:x](\d+)$/.exec(label);
  if (!match) throw new Error(`Not an aspect ratio: ${label}`);
  return Number(match[1]) / Number(match[2]);
}

export function closestShape<T extends Shape>(ratio: number, shapes: readonly T[]): T {
  if (!(ratio > 0) || !Number.isFinite(ratio)) throw new RangeError(`Invalid aspect ratio: ${ratio}`);
  let best = shapes[0]!;
  for (const shape of shapes) {
    if (Math.abs(Math.log(shape.ratio / ratio)) < Math.abs(Math.log(best.ratio / ratio))) best = shape;
  }
  return best;
}

export const shapesOf = (labels: readonly string[]): Shape[] =>
  labels.map((label) => ({ label, ratio: parseRatio(label) }));

/**
 * The photo's own ratio as small whole numbers ("3:2" for 1600×1067), clamped to a range, for vendors that take
 * any ratio within limits (FLUX Kontext: 21:9 to 9:21).
 */
export function simpleRatioLabel(ratio: number, min: number, max: number, maxTerm = 21): string {
  const clamped = Math.min(max, Math.max(min, ratio));
  let best = { p: 1, q: 1, error: Infinity };
  for (let q = 1; q <= maxTerm; q++) {
    const p = Math.round(clamped * q);
    if (p < 1 || p > maxTerm) continue;
    const error = Math.abs(Math.log(p / q / clamped));
    // Prefer the smallest terms that are within 1% of the ratio.
    if (error < best.error - 0.01) best = { p, q, error };
  }
  return `${best.p}:${best.q}`;
}
