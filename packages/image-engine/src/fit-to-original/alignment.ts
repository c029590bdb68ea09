import { nativeKernels } from '../native/kernels';
import { clamp, type Raster } from './raster';

/**
 * Where a provider's result lies in the original frame. Vendors answer in a shape of their own (about one
 * megapixel, in the nearest aspect ratio they offer) and models differ in how they get there: some squeeze
 * the photo into the new shape, some crop it, some extend it with invented margins. Rather than trust one
 * convention per vendor, we register the result against the original: each of the three readings is a
 * starting point, refined by a pattern search on the match of their gradients, and the best match wins.
 *
 * Coordinates are continuous, with pixel centres at i + 0.5: a result point c maps to offset + c × scale.
 */
export interface FrameMapping {
  scaleX: number;
  scaleY: number;
  offsetX: number;
  offsetY: number;
}

/**
 * How the vendor reshaped the photo: kept its shape, squeezed it (different scales across and down),
 * cropped it (the result shows less than the frame) or extended it (the result shows more).
 */
export type Framing = 'same-shape' | 'stretched' | 'cropped' | 'padded';

export interface Alignment {
  /** From result pixels to original pixels. */
  mapping: FrameMapping;
  /** The vendor's reshaping, read from the mapping found. */
  framing: Framing;
  /** Normalised cross-correlation of the gradients where the two overlap, −1 … 1. */
  score: number;
  /** Fraction of the original frame the result covers. */
  coverage: number;
}

/** Below this the result hardly resembles the photo; the caller flags it for review. */
export const MIN_ALIGNMENT_SCORE = 0.25;

const COARSE_STEPS = [0.04, 0.02, 0.01, 0.005];
const FINE_STEPS = [0.004, 0.002, 0.001, 0.0005];
const MAX_MOVES_PER_STEP = 12;
/** Less overlap than this is not a reading of the same photo, whatever the correlation. */
const MIN_OVERLAP = 0.5;

interface Candidate {
  sx: number;
  sy: number;
  ox: number;
  oy: number;
}

/**
 * The part of the original frame (in its full pixels) whose registration matters: an area edit writes nothing
 * outside its painted area's rectangle. The finer levels then match only around it (FOCUS_MARGIN), at a
 * fraction of the cost; the first level still matches the whole frame, so the readings are judged as a whole.
 */
export interface FocusArea {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Around a focus area, this fraction of the frame's width (and of its height) is matched on each side too. */
const FOCUS_MARGIN = 0.1;

/** The rows and columns of a raster that are matched: [left, right) × [top, bottom). */
interface Window {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** A level of the registration: the original's and the result's gradients at one scale. */
export interface AlignmentLevel {
  original: Raster;
  result: Raster;
}

/**
 * Registers the result on the original, coarse to fine: the three readings are searched at the first (small)
 * level, and the winner is refined with smaller steps at each finer one. `originalSize` and `resultSize` are
 * the full pixel sizes the rasters were scaled from.
 */
export function alignResult(
  levels: AlignmentLevel[],
  originalSize: { width: number; height: number },
  resultSize: { width: number; height: number },
  focus?: FocusArea,
): Alignment {
  const coarse = levels[0]!;
  const aw = coarse.original.width;
  const ah = coarse.original.height;
  const rw = coarse.result.width;
  const rh = coarse.result.height;
  const fit = Math.min(aw / rw, ah / rh);
  const fill = Math.max(aw / rw, ah / rh);
  // Squeezed, cropped, extended: the three readings the search starts from.
  const starts: Candidate[] = [
    { sx: aw / rw, sy: ah / rh, ox: 0, oy: 0 },
    { sx: fit, sy: fit, ox: (aw - rw * fit) / 2, oy: (ah - rh * fit) / 2 },
    { sx: fill, sy: fill, ox: (aw - rw * fill) / 2, oy: (ah - rh * fill) / 2 },
  ];

  let best = { candidate: starts[0]!, score: -Infinity };
  for (const start of distinctStarts(starts, aw, ah)) {
    const refined = refine(coarse.original, coarse.result, start, COARSE_STEPS);
    if (refined.score > best.score + 1e-4) best = refined;
  }
  let level = coarse;
  for (const finer of levels.slice(1)) {
    const ax = finer.original.width / level.original.width;
    const ay = finer.original.height / level.original.height;
    const rx = finer.result.width / level.result.width;
    const ry = finer.result.height / level.result.height;
    const { sx, sy, ox, oy } = best.candidate;
    best = refine(
      finer.original,
      finer.result,
      { sx: (sx * ax) / rx, sy: (sy * ay) / ry, ox: ox * ax, oy: oy * ay },
      FINE_STEPS,
      focus && windowAround(focus, originalSize, finer.original),
    );
    level = finer;
  }

  const { sx, sy, ox, oy } = best.candidate;
  const toOriginalX = originalSize.width / level.original.width;
  const toOriginalY = originalSize.height / level.original.height;
  const fromResultX = level.result.width / resultSize.width;
  const fromResultY = level.result.height / resultSize.height;
  const mapping: FrameMapping = {
    scaleX: fromResultX * sx * toOriginalX,
    scaleY: fromResultY * sy * toOriginalY,
    offsetX: ox * toOriginalX,
    offsetY: oy * toOriginalY,
  };
  return {
    mapping,
    framing: framingOf(mapping, originalSize, resultSize),
    score: best.score,
    coverage: coverageOf(mapping, originalSize, resultSize),
  };
}

/**
 * The readings, without those that repeat an earlier one: a result of the photo's own shape reads the same
 * squeezed, cropped or extended, and searching from each would triple the coarse level's cost for one answer.
 * Readings closer than the coarse search's finest step (in scale, and in offset as a share of the frame) are
 * one start: the search cannot tell them apart, and the finer levels refine the winner anyway.
 */
function distinctStarts(starts: Candidate[], width: number, height: number): Candidate[] {
  const step = COARSE_STEPS.at(-1)!;
  const same = (a: Candidate, b: Candidate) =>
    Math.abs(a.sx / b.sx - 1) <= step &&
    Math.abs(a.sy / b.sy - 1) <= step &&
    Math.abs(a.ox - b.ox) <= step * width &&
    Math.abs(a.oy - b.oy) <= step * height;
  return starts.filter((start, index) => !starts.slice(0, index).some((earlier) => same(earlier, start)));
}

function refine(original: Raster, result: Raster, start: Candidate, steps: number[], window?: Window) {
  const score = scorer(original, result, window ?? { left: 0, top: 0, right: original.width, bottom: original.height });
  let candidate = start;
  let best = score(candidate);
  for (const step of steps) {
    for (let move = 0; move < MAX_MOVES_PER_STEP; move++) {
      let improved = false;
      for (const next of neighbours(candidate, step, original.width, original.height)) {
        const nextScore = score(next);
        if (nextScore > best + 1e-5) {
          candidate = next;
          best = nextScore;
          improved = true;
        }
      }
      if (!improved) break;
    }
  }
  return { candidate, score: best };
}

/**
 * The correlation of a placement over `window`: in C where the addon is built (native/kernels.ts: the same
 * number, without the JIT's warm-up, about twice as fast), else in JavaScript.
 */
export function scorer(original: Raster, result: Raster, window: Window, native = true): (c: Candidate) => number {
  const kernels = native ? nativeKernels() : undefined;
  if (!kernels) return (c) => correlation(original, result, c, window);
  const placement = new Float64Array(4);
  const bounds = Int32Array.of(window.left, window.top, window.right, window.bottom);
  return (c) => {
    placement[0] = c.sx;
    placement[1] = c.sy;
    placement[2] = c.ox;
    placement[3] = c.oy;
    return kernels.correlation(
      original.data,
      original.width,
      result.data,
      result.width,
      placement,
      bounds,
      MIN_OVERLAP,
    );
  };
}

/** The focus area in a level's raster, grown by FOCUS_MARGIN on each side and kept inside the raster. */
function windowAround(focus: FocusArea, frame: { width: number; height: number }, raster: Raster): Window {
  const toX = raster.width / frame.width;
  const toY = raster.height / frame.height;
  const marginX = FOCUS_MARGIN * raster.width;
  const marginY = FOCUS_MARGIN * raster.height;
  return {
    left: Math.max(0, Math.floor(focus.left * toX - marginX)),
    top: Math.max(0, Math.floor(focus.top * toY - marginY)),
    right: Math.min(raster.width, Math.ceil((focus.left + focus.width) * toX + marginX)),
    bottom: Math.min(raster.height, Math.ceil((focus.top + focus.height) * toY + marginY)),
  };
}

function framingOf(
  m: FrameMapping,
  original: { width: number; height: number },
  result: { width: number; height: number },
): Framing {
  if (Math.abs(Math.log(m.scaleX / m.scaleY)) > 0.02) return 'stretched';
  const across = (result.width * m.scaleX) / original.width;
  const down = (result.height * m.scaleY) / original.height;
  if (Math.min(across, down) < 0.99) return 'cropped';
  if (Math.max(across, down) > 1.01) return 'padded';
  return 'same-shape';
}

function neighbours(c: Candidate, step: number, width: number, height: number): Candidate[] {
  const dx = step * width;
  const dy = step * height;
  const list: Candidate[] = [];
  for (const sign of [-1, 1]) {
    const k = 1 + sign * step;
    // Scaling about the frame centre keeps a zoom from also reading as a shift.
    list.push({
      sx: c.sx * k,
      sy: c.sy * k,
      ox: width / 2 - (width / 2 - c.ox) * k,
      oy: height / 2 - (height / 2 - c.oy) * k,
    });
    list.push({ ...c, sx: c.sx * k, ox: width / 2 - (width / 2 - c.ox) * k });
    list.push({ ...c, sy: c.sy * k, oy: height / 2 - (height / 2 - c.oy) * k });
    list.push({ ...c, ox: c.ox + sign * dx });
    list.push({ ...c, oy: c.oy + sign * dy });
  }
  return list;
}

/**
 * NCC of the original and the result placed by `c`, over the part of `window` the result covers. The search
 * calls this hundreds of times, so each column's sample position is worked out once per call, not per row.
 */
function correlation(original: Raster, result: Raster, c: Candidate, window: Window): number {
  const { width: aw } = original;
  const { width: rw, height: rh } = result;
  const rd = result.data;
  const od = original.data;
  const columnIndex = new Int32Array(aw);
  const columnNext = new Int32Array(aw);
  const columnFraction = new Float64Array(aw);
  // The covered columns form one run, since the mapping is monotonic.
  let firstX = aw;
  let lastX = -1;
  for (let x = window.left; x < window.right; x++) {
    const u = (x + 0.5 - c.ox) / c.sx - 0.5;
    if (u < -0.5 || u > rw - 0.5) continue;
    const x0 = clamp(Math.floor(u), 0, rw - 1);
    columnIndex[x] = x0;
    columnNext[x] = Math.min(x0 + 1, rw - 1) - x0;
    columnFraction[x] = clamp(u - x0, 0, 1);
    if (x < firstX) firstX = x;
    lastX = x;
  }
  let n = 0;
  let sumA = 0;
  let sumB = 0;
  let sumAA = 0;
  let sumBB = 0;
  let sumAB = 0;
  for (let y = window.top; y < window.bottom; y++) {
    const v = (y + 0.5 - c.oy) / c.sy - 0.5;
    if (v < -0.5 || v > rh - 0.5) continue;
    const y0 = clamp(Math.floor(v), 0, rh - 1);
    const row0 = y0 * rw;
    const row1 = Math.min(y0 + 1, rh - 1) * rw;
    const fy = clamp(v - y0, 0, 1);
    const originalRow = y * aw;
    for (let x = firstX; x <= lastX; x++) {
      const i0 = columnIndex[x]!;
      const i1 = i0 + columnNext[x]!;
      const fx = columnFraction[x]!;
      const top = rd[row0 + i0]! + (rd[row0 + i1]! - rd[row0 + i0]!) * fx;
      const bottom = rd[row1 + i0]! + (rd[row1 + i1]! - rd[row1 + i0]!) * fx;
      const b = top + (bottom - top) * fy;
      const a = od[originalRow + x]!;
      sumA += a;
      sumB += b;
      sumAA += a * a;
      sumBB += b * b;
      sumAB += a * b;
    }
    if (lastX >= firstX) n += lastX - firstX + 1;
  }
  if (n < MIN_OVERLAP * (window.right - window.left) * (window.bottom - window.top)) return -1;
  const covariance = sumAB - (sumA * sumB) / n;
  const variance = (sumAA - (sumA * sumA) / n) * (sumBB - (sumB * sumB) / n);
  return variance > 0 ? covariance / Math.sqrt(variance) : -1;
}

function coverageOf(
  m: FrameMapping,
  original: { width: number; height: number },
  result: { width: number; height: number },
) {
  const left = Math.max(0, m.offsetX);
  const right = Math.min(original.width, m.offsetX + result.width * m.scaleX);
  const top = Math.max(0, m.offsetY);
  const bottom = Math.min(original.height, m.offsetY + result.height * m.scaleY);
  return (Math.max(0, right - left) * Math.max(0, bottom - top)) / (original.width * original.height);
}
