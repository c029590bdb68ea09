import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { RgbImage } from '../codecs/image-codec';

/**
 * One row of the full-resolution frame being edited in place. Edits read untouched pixels from `original`
 * (and its neighbours `above` and `below`, for sharpening) and write results into `pixels`, which clamps to
 * 0–255 and rounds on store.
 *
 * The three row copies are padded with one replicated pixel at each end, so an edit can read x − 1 and
 * x + 1 without bounds checks: pixel x starts at byte `PAD + 3x` of a copy, but at `offset + 3x` of `pixels`.
 */
export interface RowContext {
  y: number;
  width: number;
  pixels: Uint8ClampedArray;
  /** Index of the row's first byte in `pixels`. */
  offset: number;
  original: Uint8Array;
  above: Uint8Array;
  below: Uint8Array;
}

export const PAD = 3;

/** A per-pixel operation, applied row by row; it keeps whatever per-row buffers it needs. */
export type RowEdit = (row: RowContext) => void;

/**
 * The rows one pass edits, [first, end). When several passes share a frame, the rows just outside the
 * range belong to another pass, which may already have edited them: the caller hands in copies taken
 * before any pass started.
 */
export interface RowRange {
  first: number;
  end: number;
  rowAbove?: Uint8Array;
  rowBelow?: Uint8Array;
}

/** Rows edited between two yields to the event loop: about 10 ms of work on a 24 MP photo. */
const ROWS_PER_BAND = 64;

/**
 * Runs the edits over the rows, in order, in a single pass (each row is read from memory once, while it is
 * in cache), yielding to the event loop between bands so a long pass never blocks it for long.
 */
export async function applyRowEdits(
  image: RgbImage,
  edits: RowEdit[],
  range: RowRange = { first: 0, end: image.height },
): Promise<void> {
  if (edits.length === 0 || range.end <= range.first) return;
  const { width, height, data } = image;
  const stride = width * 3;
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const rowSource = (y: number): Uint8Array => {
    if (y < range.first && range.rowAbove) return range.rowAbove;
    if (y >= range.end && range.rowBelow) return range.rowBelow;
    const clamped = Math.min(height - 1, Math.max(0, y)) * stride;
    return data.subarray(clamped, clamped + stride);
  };
  const copyRow = (y: number, into: Uint8Array) => {
    into.set(rowSource(y), PAD);
    into.copyWithin(0, PAD, PAD + 3);
    into.copyWithin(PAD + stride, PAD + stride - 3, PAD + stride);
    return into;
  };
  const { first, end } = range;
  let above = copyRow(first - 1, new Uint8Array(stride + 2 * PAD));
  let original = copyRow(first, new Uint8Array(stride + 2 * PAD));
  let below = copyRow(first + 1, new Uint8Array(stride + 2 * PAD));
  for (let y = first; y < end; y++) {
    const row: RowContext = { y, width, pixels, offset: y * stride, original, above, below };
    for (const edit of edits) edit(row);
    // Rotate the copies: the next row's `above` is this row as it was before editing.
    [above, original, below] = [original, below, above];
    if (y + 1 < end) copyRow(y + 2, below);
    if ((y + 1 - first) % ROWS_PER_BAND === 0) await yieldToEventLoop();
  }
}

/** A copy of one row, for a neighbouring pass's `rowAbove`/`rowBelow`. */
export function snapshotRow(image: RgbImage, y: number): Uint8Array {
  const stride = image.width * 3;
  const clamped = Math.min(image.height - 1, Math.max(0, y));
  return new Uint8Array(image.data.subarray(clamped * stride, (clamped + 1) * stride)); // a copy, not a view
}
