import type { RgbImage } from '../codecs/image-codec';
import type { Region } from '../fit-to-original/compose';
import { analyseOriginal, fitToOriginal, type OriginalAnalysis } from '../fit-to-original/fit-to-original';
import type { Alignment } from '../fit-to-original/alignment';
import { dilate } from '../fit-to-original/raster';
import { checkStructure, STRUCTURE, type ChangeZone, type StructureCheck } from '../fit-to-original/structure';
import { AreaMaskError, maskIndexOf, type AreaMask } from './area-mask';

/**
 * An area edit's finished photo (issue 13, decision 015): the provider's edit, fitted to the version it started
 * from, blended into that version only inside the painted area. The blend weight is 0 on every unpainted
 * pixel, so those bytes are the version's own, exactly; it rises from the area's edge to 1 over the feather,
 * which lies wholly inside the area. The structure check looks only inside the area.
 */

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
}

/** What an area edit needs of its base version and mask before the provider answers. */
export interface PreparedArea {
  /** The rectangle of the frame the painted area reaches: nothing outside it is touched. */
  region: Region;
  ramp: Ramp;
  /** What the fit needs of the base alone; its working copy is also the structure check's. */
  analysis: OriginalAnalysis;
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
  return { region, ramp: featherRamp(mask), analysis: await analyseOriginal(base) };
}

export async function composeAreaEdit(
  base: RgbImage,
  edited: RgbImage,
  mask: AreaMask,
  options: AreaEditOptions,
): Promise<AreaEditResult> {
  const { width, height } = base;
  const { region, ramp, analysis } = options.prepared ?? (await prepareArea(base, mask));
  // The provider's picture at the version's exact size and framing (it may have reshaped or resized it).
  const fitted = await fitToOriginal(base, edited, {
    zone: options.zone,
    region,
    analysis,
    checkWholeFrame: false,
  });

  const area = new Uint8Array(width * height);
  const alpha = new Uint8Array(width * height);
  const out = options.overwriteBase ? base.data : Buffer.from(base.data);
  const edit = fitted.image.data;
  // Where each column and row of the region falls in the mask and in the feather's ramp, computed once.
  const columns = axis(region.left, region.width, width, mask.width, ramp.width);
  const rows = axis(region.top, region.height, height, mask.height, ramp.height);
  const feather = new Float64Array(ramp.width);
  for (let j = 0; j < region.height; j++) {
    const y = region.top + j;
    const maskRow = rows.mask[j]! * mask.width;
    rampRow(ramp, rows, j, feather);
    for (let i = 0; i < region.width; i++) {
      if (!mask.data[maskRow + columns.mask[i]!]) continue;
      const pixel = y * width + region.left + i;
      area[pixel] = 1;
      const a = weightAt(feather, columns, i);
      alpha[pixel] = a;
      if (a === 0) continue;
      const p = pixel * 3;
      const e = (j * region.width + i) * 3;
      if (a === 255) {
        out[p] = edit[e]!;
        out[p + 1] = edit[e + 1]!;
        out[p + 2] = edit[e + 2]!;
        continue;
      }
      // `out` still holds the base's pixel here.
      out[p] = Math.round(out[p]! + ((edit[e]! - out[p]!) * a) / 255);
      out[p + 1] = Math.round(out[p + 1]! + ((edit[e + 1]! - out[p + 1]!) * a) / 255);
      out[p + 2] = Math.round(out[p + 2]! + ((edit[e + 2]! - out[p + 2]!) * a) / 255);
    }
  }
  const image = { data: out, width, height };
  return {
    image,
    area,
    alpha,
    alignment: fitted.alignment,
    structure: structureInside(analysis.work, fitted.workImage, mask, ramp, options.zone),
  };
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

/**
 * The structure check at the working size, counting only changed edges inside the painted area. The finished
 * photo at that size is the fit's, blended into the base's copy with the area's weights, as the full one is.
 */
function structureInside(
  work: RgbImage,
  fittedWork: RgbImage,
  mask: AreaMask,
  ramp: Ramp,
  zone: ChangeZone,
): StructureCheck {
  const { width, height } = work;
  const after = Buffer.from(work.data);
  const columns = axis(0, width, width, mask.width, ramp.width);
  const rows = axis(0, height, height, mask.height, ramp.height);
  const painted = new Uint8Array(width * height);
  const feather = new Float64Array(ramp.width);
  for (let y = 0; y < height; y++) {
    rampRow(ramp, rows, y, feather);
    for (let x = 0; x < width; x++) {
      if (!mask.data[rows.mask[y]! * mask.width + columns.mask[x]!]) continue;
      const pixel = y * width + x;
      painted[pixel] = 1;
      const a = weightAt(feather, columns, x) / 255;
      for (let p = pixel * 3; p < pixel * 3 + 3; p++)
        after[p] = Math.round(after[p]! + (fittedWork.data[p]! - after[p]!) * a);
    }
  }
  const checked = dilate(painted, width, height, STRUCTURE.tolerance);
  const { score, needsReview, reason } = checkStructure(
    work,
    { data: after, width, height },
    zone,
    STRUCTURE.threshold,
    checked,
  );
  return { score, needsReview, ...(reason && { reason }) };
}
