import sharp from 'sharp';
import { resizeRgb, type RgbImage } from '../codecs/image-codec';
import { fitToOriginal, WORK_SIDE } from '../fit-to-original/fit-to-original';
import type { Alignment } from '../fit-to-original/alignment';
import { dilate } from '../fit-to-original/raster';
import { checkStructure, STRUCTURE, type ChangeZone, type StructureCheck } from '../fit-to-original/structure';
import { AreaMaskError, scaleMask, type AreaMask } from './area-mask';

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

export async function composeAreaEdit(
  base: RgbImage,
  edited: RgbImage,
  mask: AreaMask,
  options: AreaEditOptions,
): Promise<AreaEditResult> {
  const { width, height } = base;
  const [area, soft] = await Promise.all([scaleMask(mask, width, height), featherWeights(mask, width, height)]);
  const box = boundingBox(area, width, height);
  // A stroke thinner than a pixel of a smaller photo can vanish when the mask is scaled down to it.
  if (box.bottom < 0) throw new AreaMaskError('Nothing is painted: paint over the area to change, then submit.');
  // The provider's picture at the version's exact size and framing (it may have reshaped or resized it), made
  // at full resolution only where it can be blended in: the painted area's bounding box.
  const region = { left: box.left, top: box.top, width: box.right - box.left + 1, height: box.bottom - box.top + 1 };
  const fitted = await fitToOriginal(base, edited, { zone: options.zone, region });

  const alpha = new Uint8Array(width * height);
  const out = Buffer.from(base.data);
  const edit = fitted.image.data;
  for (let y = box.top; y <= box.bottom; y++) {
    for (let x = box.left, i = y * width + box.left; x <= box.right; x++, i++) {
      if (!area[i]) continue;
      const a = soft[i]!;
      alpha[i] = a;
      if (a === 0) continue;
      const p = i * 3;
      const e = ((y - box.top) * region.width + (x - box.left)) * 3;
      if (a === 255) {
        out[p] = edit[e]!;
        out[p + 1] = edit[e + 1]!;
        out[p + 2] = edit[e + 2]!;
        continue;
      }
      for (let c = 0; c < 3; c++) {
        out[p + c] = Math.round(base.data[p + c]! + ((edit[e + c]! - base.data[p + c]!) * a) / 255);
      }
    }
  }
  const image = { data: out, width, height };
  return {
    image,
    area,
    alpha,
    alignment: fitted.alignment,
    structure: await structureInside(base, image, mask, options),
  };
}

/**
 * The feather's weights at full size, 0–255: the distance from each painted pixel to the nearest unpainted
 * one, on a copy of the mask at most AREA_FEATHER.workSide long, ramped over AREA_FEATHER.radius and scaled
 * up. The frame's border is not an edge of the area (nothing lies beyond it to keep).
 */
async function featherWeights(mask: AreaMask, width: number, height: number): Promise<Uint8Array> {
  const scale = Math.min(1, AREA_FEATHER.workSide / Math.max(mask.width, mask.height));
  const ww = Math.max(1, Math.round(mask.width * scale));
  const wh = Math.max(1, Math.round(mask.height * scale));
  const work = scale === 1 ? mask.data : await scaleMask(mask, ww, wh);
  const distance = distanceToUnpainted(work, ww, wh);
  const ramp = Buffer.alloc(ww * wh);
  for (let i = 0; i < ramp.length; i++) ramp[i] = Math.round(Math.min(1, distance[i]! / AREA_FEATHER.radius) * 255);
  if (ww === width && wh === height) return ramp;
  const scaled = await sharp(ramp, { raw: { width: ww, height: wh, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return new Uint8Array(scaled.buffer, scaled.byteOffset, scaled.length);
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

/** The structure check on working copies, counting only changed edges inside the painted area. */
async function structureInside(
  base: RgbImage,
  output: RgbImage,
  mask: AreaMask,
  { zone }: AreaEditOptions,
): Promise<StructureCheck> {
  const [before, after] = await Promise.all([resizeRgb(base, WORK_SIDE), resizeRgb(output, WORK_SIDE)]);
  const region = dilate(
    await scaleMask(mask, before.width, before.height),
    before.width,
    before.height,
    STRUCTURE.tolerance,
  );
  const { score, needsReview, reason } = checkStructure(before, after, zone, STRUCTURE.threshold, region);
  return { score, needsReview, ...(reason && { reason }) };
}
