import type { RgbImage } from '../codecs/image-codec';
import type { Alignment } from '../fit-to-original/alignment';
import { readModelRow, readWeightRow, type Region } from '../fit-to-original/compose';
import { axisSamples } from '../fit-to-original/detail';
import {
  analyseOriginal,
  fitAtWorkSize,
  type OriginalAnalysis,
  type WorkSizeFit,
} from '../fit-to-original/fit-to-original';
import { dilate } from '../fit-to-original/raster';
import type { Raster } from '../fit-to-original/raster';
import {
  checkStructure,
  edgeStrength,
  STRUCTURE,
  type ChangeZone,
  type StructureCheck,
} from '../fit-to-original/structure';
import { nativeKernels } from '../native/kernels';
import { AreaMaskError, maskIndexOf, type AreaMask } from './area-mask';

/**
 * An area edit's finished photo (issue 13, decision 015): the provider's edit, fitted to the version it started
 * from, blended into that version only inside the painted area. The blend weight is 0 on every unpainted
 * pixel, so those bytes are the version's own, exactly; it rises from the area's edge to 1 over the feather,
 * which lies wholly inside the area. The structure check looks only inside the area.
 *
 * Everything that depends only on the base and the mask (the rectangle the area reaches, the feather's weight at
 * every pixel of it, the fit's analysis of the base) is prepared before the provider answers; once it has, the
 * answer is fitted at the working size and the full-size pixels are made in one pass over the pixels whose
 * weight is above 0.
 */

/** Rows of the area made between two yields to the event loop (the API in the same process stays responsive). */
const ROWS_PER_SLICE = 256;

export const AREA_FEATHER = {
  /** Long side of the copy of the mask the feather is computed on. */
  workSide: 1024,
  /** Width of the feather at that size, in pixels (about 0.6 % of the long side). */
  radius: 6,
};

export interface AreaEditOptions {
  /** Rows the edit may change, for the structure check (inside the area only). */
  zone: ChangeZone;
  /** What prepareArea made of the base and mask, when the caller made it ahead (while the provider works). */
  prepared?: PreparedArea;
  /**
   * Write the finished photo over `base`'s pixels, when the caller needs them no more: a 24 MP frame is 72 MB
   * not copied. Pixels outside the area are then simply never written.
   */
  overwriteBase?: boolean;
  /**
   * Called with each run of the region's rows once they are final, top to bottom, all of them: the caller can
   * compress them while the next are made.
   */
  onRowsMade?: (image: RgbImage, top: number, bottom: number) => void;
}

/** What an area edit needs of its base version and mask before the provider answers. */
export interface PreparedArea {
  /** The rectangle of the frame the painted area reaches: nothing outside it is touched. */
  region: Region;
  ramp: Ramp;
  /** The feather at full size, over `region`: what the edit's weight is multiplied by. */
  feather: RegionFeather;
  /** What the fit needs of the base alone; its working copy is also the structure check's. */
  analysis: OriginalAnalysis;
  /** The area at the working size and the base's edges there, for the structure check. */
  atWorkSize: AreaAtWorkSize;
}

/** The painted area on the base's working copy: what the structure check needs of the mask and base alone. */
interface AreaAtWorkSize {
  /** The feather's weight, 0–255, at each working pixel; 0 where not painted. */
  alpha: Uint8Array;
  painted: Uint8Array;
  /** The painted area grown by the check's tolerance: where changed edges count. */
  checked: Uint8Array;
  /** edgeStrength of the base's working copy. */
  baseEdges: Raster;
}

/** The feather's weight at every pixel of the region, and where on each row it is above 0. */
interface RegionFeather {
  /** 1 where painted (the mask scaled to the frame, nearest neighbour), row by row over the region. */
  painted: Uint8Array;
  /** The blend weight, 0–255: 0 on every unpainted pixel. */
  alpha: Uint8Array;
  /** Per row of the region, the first and last column whose weight is above 0 (last < first: none). */
  first: Int32Array;
  last: Int32Array;
}

export interface AreaEditResult {
  /** The finished photo, at the base version's size. */
  image: RgbImage;
  /** The painted area at full size: 1 where painted. */
  area: Uint8Array;
  /** The blend weight of the edit at full size, 0–255; 0 on every unpainted pixel. */
  alpha: Uint8Array;
  alignment: Alignment;
  structure: StructureCheck;
}

export async function prepareArea(base: RgbImage, mask: AreaMask): Promise<PreparedArea> {
  // Everything at full resolution is made only inside the rectangle around the painted area: a sixth of a
  // 24 MP frame is 4 MP of work instead of 24.
  const region = paintedRegion(mask, base.width, base.height);
  // A stroke thinner than a pixel of a smaller photo can vanish when the mask is scaled down to it.
  if (!region) throw new AreaMaskError('Nothing is painted: paint over the area to change, then submit.');
  const ramp = featherRamp(mask);
  const feather = featherInRegion(mask, ramp, region, base.width, base.height);
  const analysis = await analyseOriginal(base);
  return { region, ramp, feather, analysis, atWorkSize: areaAtWorkSize(analysis.work, mask, ramp) };
}

export async function composeAreaEdit(
  base: RgbImage,
  edited: RgbImage,
  mask: AreaMask,
  options: AreaEditOptions,
): Promise<AreaEditResult> {
  const { width, height } = base;
  const prepared = options.prepared ?? (await prepareArea(base, mask));
  // Where the provider's picture lies in the version's frame, and what of it to take (fit-to-original).
  const fit = await fitAtWorkSize(base, edited, {
    zone: options.zone,
    analysis: prepared.analysis,
    checkWholeFrame: false,
    // Only the rectangle's pixels are written: the registration need be fine only around it.
    focus: prepared.region,
  });
  const image = { data: options.overwriteBase ? base.data : Buffer.from(base.data), width, height };
  await blendIntoArea(image, edited, fit, prepared, { onRowsMade: options.onRowsMade });
  let area: Uint8Array | undefined;
  let alpha: Uint8Array | undefined;
  const { region, feather } = prepared;
  return {
    image,
    // Full-size maps only for who asks (tests): the job needs neither.
    get area() {
      return (area ??= inFrame(feather.painted, region, width, height));
    },
    get alpha() {
      return (alpha ??= inFrame(feather.alpha, region, width, height));
    },
    alignment: fit.alignment,
    structure: structureInside(prepared.analysis.work, fit.workImage, prepared.atWorkSize, options.zone),
  };
}

/**
 * Writes the edit into `frame` (the base's pixels) where the feather's weight is above 0: the provider's picture
 * through the fit's mapping and tone, weighted by the fit's weight (the base's own pixels where the model changed
 * nothing) times the feather's. Every other pixel is left as it is. In C where the addon is built (the same
 * bytes: native/kernels.ts); `native: false` asks for the JavaScript, which tests compare it with.
 */
export async function blendIntoArea(
  frame: RgbImage,
  edited: RgbImage,
  fit: WorkSizeFit,
  { region, feather }: PreparedArea,
  { onRowsMade, native = true }: { onRowsMade?: AreaEditOptions['onRowsMade']; native?: boolean } = {},
) {
  const { mapping } = fit.alignment;
  const { weight, tone } = fit;
  const columns = regionColumns(region, frame.width, mapping, edited.width, weight.width);
  const kernels = native ? nativeKernels() : undefined;
  if (kernels) {
    kernels.blendArea({ frame, region, feather, columns, weight, edited, mapping, tone });
    // Every row is final at once; they are handed over in the runs the loop below makes.
    for (let top = region.top; top < region.top + region.height; top += ROWS_PER_SLICE) {
      onRowsMade?.(frame, top, Math.min(top + ROWS_PER_SLICE, region.top + region.height));
    }
    return;
  }
  const out = frame.data;
  // A clamped view: assigning rounds and clamps to 0–255 in one step.
  const pixels = new Uint8ClampedArray(out.buffer, out.byteOffset, out.length);
  const weightRow = new Float32Array(weight.width);
  const editRow = new Float32Array(edited.width * 3);
  for (let j = 0; j < region.height; j++) {
    if (j > 0 && j % ROWS_PER_SLICE === 0) {
      onRowsMade?.(frame, region.top + j - ROWS_PER_SLICE, region.top + j);
      await new Promise(setImmediate);
    }
    const y = region.top + j;
    if (!readWeightRow(weight, weightRow, y, frame.height)) continue;
    // Only the columns where both the feather and the fit's weight can be above 0: where the model changed
    // nothing, the weight is 0 and the base's pixels stay.
    let first = Math.max(feather.first[j]!, columns.firstCovered);
    let last = Math.min(feather.last[j]!, columns.lastCovered);
    const weighted = positiveRun(weightRow);
    while (first <= last && columns.weightNext[first]! < weighted.first) first++;
    while (last >= first && columns.weight[last]! > weighted.last) last--;
    if (last < first) continue;
    // Only the edit's columns this row's run reads.
    if (!readModelRow(edited, mapping, tone, y, editRow, columns.edit[first]! / 3, columns.editNext[last]! / 3)) {
      continue;
    }
    const alphaRow = j * region.width;
    for (let i = first, o = (y * frame.width + region.left + first) * 3; i <= last; i++, o += 3) {
      const a = feather.alpha[alphaRow + i]!;
      if (a === 0) continue;
      const w0 = weightRow[columns.weight[i]!]!;
      const k = (w0 + (weightRow[columns.weightNext[i]!]! - w0) * columns.weightFraction[i]!) * a * (1 / 255);
      if (k < 1 / 512) continue;
      const p = columns.edit[i]!;
      const q = columns.editNext[i]!;
      const fx = columns.editFraction[i]!;
      pixels[o] = pixels[o]! + (editRow[p]! + (editRow[q]! - editRow[p]!) * fx - pixels[o]!) * k;
      pixels[o + 1] =
        pixels[o + 1]! + (editRow[p + 1]! + (editRow[q + 1]! - editRow[p + 1]!) * fx - pixels[o + 1]!) * k;
      pixels[o + 2] =
        pixels[o + 2]! + (editRow[p + 2]! + (editRow[q + 2]! - editRow[p + 2]!) * fx - pixels[o + 2]!) * k;
    }
  }
  const lastRun = region.height - ((region.height - 1) % ROWS_PER_SLICE) - 1;
  onRowsMade?.(frame, region.top + lastRun, region.top + region.height);
}

/** The first and last index of `row` whose value is above 0 (last < first: none). */
function positiveRun(row: Float32Array) {
  let first = 0;
  let last = row.length - 1;
  while (first < row.length && !(row[first]! > 0)) first++;
  while (last >= first && !(row[last]! > 0)) last--;
  return { first, last };
}

/**
 * For each column of the region: where it samples the edit's row (byte offsets of the two pixels mixed, and the
 * fraction between them) and the fit's weight row; and the run of columns the edit covers (the mapping is
 * monotonic, so they are one run).
 */
function regionColumns(
  region: Region,
  frameWidth: number,
  mapping: WorkSizeFit['alignment']['mapping'],
  editWidth: number,
  weightWidth: number,
) {
  const edits = axisSamples(frameWidth, mapping.offsetX, mapping.scaleX, editWidth);
  const weights = axisSamples(frameWidth, 0, frameWidth / weightWidth, weightWidth);
  const edit = new Int32Array(region.width);
  const editNext = new Int32Array(region.width);
  const editFraction = new Float32Array(region.width);
  const weight = new Int32Array(region.width);
  const weightNext = new Int32Array(region.width);
  const weightFraction = new Float32Array(region.width);
  let firstCovered = region.width;
  let lastCovered = -1;
  for (let i = 0; i < region.width; i++) {
    const x = region.left + i;
    edit[i] = edits.index[x]! * 3;
    editNext[i] = Math.min(edits.index[x]! + 1, editWidth - 1) * 3;
    editFraction[i] = edits.fraction[x]!;
    weight[i] = weights.index[x]!;
    weightNext[i] = Math.min(weights.index[x]! + 1, weightWidth - 1);
    weightFraction[i] = weights.fraction[x]!;
    if (!edits.inside[x]) continue;
    firstCovered = Math.min(firstCovered, i);
    lastCovered = i;
  }
  return { edit, editNext, editFraction, weight, weightNext, weightFraction, firstCovered, lastCovered };
}

/**
 * The feather's weight at each pixel of the region: the mask read nearest neighbour (maskIndexOf, as every use
 * of the mask reads it), the ramp bilinearly.
 */
function featherInRegion(mask: AreaMask, ramp: Ramp, region: Region, width: number, height: number): RegionFeather {
  const painted = new Uint8Array(region.width * region.height);
  const alpha = new Uint8Array(region.width * region.height);
  const first = new Int32Array(region.height).fill(region.width);
  const last = new Int32Array(region.height).fill(-1);
  const columns = axis(region.left, region.width, width, mask.width, ramp.width);
  const rows = axis(region.top, region.height, height, mask.height, ramp.height);
  const row = new Float64Array(ramp.width);
  for (let j = 0; j < region.height; j++) {
    const maskRow = rows.mask[j]! * mask.width;
    rampRow(ramp, rows, j, row);
    for (let i = 0; i < region.width; i++) {
      if (!mask.data[maskRow + columns.mask[i]!]) continue;
      const at = j * region.width + i;
      painted[at] = 1;
      const a = weightAt(row, columns, i);
      alpha[at] = a;
      if (a === 0) continue;
      if (i < first[j]!) first[j] = i;
      last[j] = i;
    }
  }
  return { painted, alpha, first, last };
}

/** A map over the region placed in a frame of zeros. */
function inFrame(regional: Uint8Array, region: Region, width: number, height: number): Uint8Array {
  const frame = new Uint8Array(width * height);
  for (let j = 0; j < region.height; j++) {
    const row = regional.subarray(j * region.width, (j + 1) * region.width);
    frame.set(row, (region.top + j) * width + region.left);
  }
  return frame;
}

/**
 * The rectangle of the frame whose pixels can fall in a painted mask pixel (maskIndexOf), or undefined when
 * nothing is painted. Every pixel outside it falls in a mask pixel outside the painted area's bounds.
 */
function paintedRegion(mask: AreaMask, width: number, height: number) {
  const box = boundingBox(mask.data, mask.width, mask.height);
  if (box.bottom < 0) return undefined;
  const left = Math.max(0, Math.floor((box.left * width) / mask.width));
  const right = Math.min(width - 1, Math.ceil(((box.right + 1) * width) / mask.width));
  const top = Math.max(0, Math.floor((box.top * height) / mask.height));
  const bottom = Math.min(height - 1, Math.ceil(((box.bottom + 1) * height) / mask.height));
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

interface Ramp {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * The feather's weights, 0–255, on a copy of the mask at most AREA_FEATHER.workSide long: the distance from
 * each painted pixel to the nearest unpainted one, ramped over AREA_FEATHER.radius. The frame's border is not
 * an edge of the area (nothing lies beyond it to keep).
 */
function featherRamp(mask: AreaMask): Ramp {
  const scale = Math.min(1, AREA_FEATHER.workSide / Math.max(mask.width, mask.height));
  const width = Math.max(1, Math.round(mask.width * scale));
  const height = Math.max(1, Math.round(mask.height * scale));
  const work = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = maskIndexOf(y, height, mask.height) * mask.width;
    for (let x = 0; x < width; x++) work[y * width + x] = mask.data[row + maskIndexOf(x, width, mask.width)]!;
  }
  const distance = distanceToUnpainted(work, width, height);
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) data[i] = Math.round(Math.min(1, distance[i]! / AREA_FEATHER.radius) * 255);
  return { data, width, height };
}

/**
 * For `count` frame pixels from `start` along an axis of `frameSize`: the mask pixel each falls in, and the two
 * ramp pixels and the fraction between them that read the feather bilinearly (the ramp is smaller).
 */
function axis(start: number, count: number, frameSize: number, maskSize: number, rampSize: number) {
  const mask = new Int32Array(count);
  const ramp0 = new Int32Array(count);
  const ramp1 = new Int32Array(count);
  const fraction = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const at = start + i;
    mask[i] = maskIndexOf(at, frameSize, maskSize);
    const f = Math.min(rampSize - 1, Math.max(0, ((at + 0.5) * rampSize) / frameSize - 0.5));
    ramp0[i] = Math.floor(f);
    ramp1[i] = Math.min(ramp0[i]! + 1, rampSize - 1);
    fraction[i] = f - ramp0[i]!;
  }
  return { mask, ramp0, ramp1, fraction };
}

type Axis = ReturnType<typeof axis>;

/** The feather's row at row `j` of `rows`, read vertically (linear) into `into`, one value a ramp column. */
function rampRow(ramp: Ramp, rows: Axis, j: number, into: Float64Array): Float64Array {
  const r = ramp.data;
  const row0 = rows.ramp0[j]! * ramp.width;
  const row1 = rows.ramp1[j]! * ramp.width;
  const ty = rows.fraction[j]!;
  for (let x = 0; x < ramp.width; x++) into[x] = r[row0 + x]! + (r[row1 + x]! - r[row0 + x]!) * ty;
  return into;
}

/** The blend weight, 0–255 rounded, at column `i` of `columns` on a row read by rampRow (linear). */
function weightAt(row: Float64Array, columns: Axis, i: number): number {
  const left = row[columns.ramp0[i]!]!;
  return Math.round(left + (row[columns.ramp1[i]!]! - left) * columns.fraction[i]!);
}

/** Chamfer distance (1, √2) from each set pixel to the nearest unset one; unset pixels are 0. */
function distanceToUnpainted(mask: Uint8Array, width: number, height: number): Float32Array {
  const far = width + height;
  const d = new Float32Array(mask.length);
  for (let i = 0; i < d.length; i++) d[i] = mask[i] ? far : 0;
  const diagonal = Math.SQRT2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!d[i]) continue;
      let v = d[i]!;
      if (x > 0) v = Math.min(v, d[i - 1]! + 1);
      if (y > 0) {
        v = Math.min(v, d[i - width]! + 1);
        if (x > 0) v = Math.min(v, d[i - width - 1]! + diagonal);
        if (x < width - 1) v = Math.min(v, d[i - width + 1]! + diagonal);
      }
      d[i] = v;
    }
  }
  for (let y = height - 1; y >= 0; y--) {
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      if (!d[i]) continue;
      let v = d[i]!;
      if (x < width - 1) v = Math.min(v, d[i + 1]! + 1);
      if (y < height - 1) {
        v = Math.min(v, d[i + width]! + 1);
        if (x < width - 1) v = Math.min(v, d[i + width + 1]! + diagonal);
        if (x > 0) v = Math.min(v, d[i + width - 1]! + diagonal);
      }
      d[i] = v;
    }
  }
  return d;
}

function boundingBox(area: Uint8Array, width: number, height: number) {
  let top = height;
  let bottom = -1;
  let left = width;
  let right = -1;
  for (let y = 0; y < height; y++) {
    const row = area.subarray(y * width, (y + 1) * width);
    const first = row.indexOf(1);
    if (first < 0) continue;
    top = Math.min(top, y);
    bottom = y;
    left = Math.min(left, first);
    right = Math.max(right, row.lastIndexOf(1));
  }
  return { top, bottom, left, right };
}

/** The painted area and its feather on the base's working copy, and the copy's edges. */
function areaAtWorkSize(work: RgbImage, mask: AreaMask, ramp: Ramp): AreaAtWorkSize {
  const { width, height } = work;
  const columns = axis(0, width, width, mask.width, ramp.width);
  const rows = axis(0, height, height, mask.height, ramp.height);
  const painted = new Uint8Array(width * height);
  const alpha = new Uint8Array(width * height);
  const feather = new Float64Array(ramp.width);
  for (let y = 0; y < height; y++) {
    rampRow(ramp, rows, y, feather);
    for (let x = 0; x < width; x++) {
      if (!mask.data[rows.mask[y]! * mask.width + columns.mask[x]!]) continue;
      painted[y * width + x] = 1;
      alpha[y * width + x] = weightAt(feather, columns, x);
    }
  }
  const checked = dilate(painted, width, height, STRUCTURE.tolerance);
  return { alpha, painted, checked, baseEdges: edgeStrength(work) };
}

/**
 * The structure check at the working size, counting only changed edges inside the painted area. The finished
 * photo at that size is the fit's, blended into the base's copy with the area's weights, as the full one is.
 */
function structureInside(work: RgbImage, fittedWork: RgbImage, area: AreaAtWorkSize, zone: ChangeZone): StructureCheck {
  const { width, height } = work;
  const after = Buffer.from(work.data);
  for (let pixel = 0; pixel < area.painted.length; pixel++) {
    if (!area.painted[pixel]) continue;
    const a = area.alpha[pixel]! / 255;
    for (let p = pixel * 3; p < pixel * 3 + 3; p++)
      after[p] = Math.round(after[p]! + (fittedWork.data[p]! - after[p]!) * a);
  }
  const { score, needsReview, reason } = checkStructure(
    work,
    { data: after, width, height },
    zone,
    STRUCTURE.threshold,
    area.checked,
    area.baseEdges,
  );
  return { score, needsReview, ...(reason && { reason }) };
}
