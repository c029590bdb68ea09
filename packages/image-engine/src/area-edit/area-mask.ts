import { sharp } from '../codecs/sharp';

/**
 * The painted area of an area edit (issue 13): a PNG the browser's brush made over the version, read into a
 * binary mask. Painted pixels are the opaque ones of a PNG with alpha (the brush paints on a transparent
 * canvas), the light ones of a PNG without. Everything the server says about a refused mask is a sentence the
 * agent can act on (decision 015).
 */

/** The brush's canvas is never larger than this on its long side; the mask is scaled to the version. */
export const MAX_MASK_SIDE = 4096;
/** The smallest mask worth reading. */
export const MIN_MASK_SIDE = 16;
/** The mask's shape may differ from the version's by this fraction (rounding of the canvas size). */
const SHAPE_TOLERANCE = 0.02;

/** A mask the server refuses: its message is the 400's. */
export class AreaMaskError extends Error {}

export interface AreaMask {
  /** 1 where painted, 0 elsewhere; `width`×`height`, rows top-down. */
  data: Uint8Array;
  width: number;
  height: number;
  /** Fraction of the mask painted, above 0. */
  paintedFraction: number;
}

/**
 * Reads and checks a mask for a version of `target` size: a PNG, at most MAX_MASK_SIDE on its long side, of
 * the version's shape, painting something. Throws AreaMaskError with the reason otherwise.
 */
export async function readAreaMask(png: Buffer, target?: { width: number; height: number }): Promise<AreaMask> {
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(png, { failOn: 'error', limitInputPixels: MAX_MASK_SIDE * MAX_MASK_SIDE }).metadata();
  } catch {
    throw new AreaMaskError('The painted area could not be read: send it as a PNG image.');
  }
  if (metadata.format !== 'png') throw new AreaMaskError('The painted area must be a PNG image.');
  const { width = 0, height = 0 } = metadata;
  if (Math.max(width, height) > MAX_MASK_SIDE) {
    throw new AreaMaskError(`The painted area can be at most ${MAX_MASK_SIDE} pixels on its long side.`);
  }
  if (Math.min(width, height) < MIN_MASK_SIDE) {
    throw new AreaMaskError(`The painted area must be at least ${MIN_MASK_SIDE} pixels on its short side.`);
  }
  if (target && Math.abs(width / height / (target.width / target.height) - 1) > SHAPE_TOLERANCE) {
    throw new AreaMaskError(
      `The painted area (${width}×${height}) does not have the shape of the version (${target.width}×${target.height}).`,
    );
  }
  let level: Buffer;
  try {
    const image = sharp(png, { failOn: 'error' });
    level = await (metadata.hasAlpha ? image.extractChannel('alpha') : image.greyscale())
      .toColourspace('b-w')
      .raw()
      .toBuffer();
  } catch {
    throw new AreaMaskError('The painted area could not be read: send it as a PNG image.');
  }
  const data = new Uint8Array(width * height);
  let painted = 0;
  for (let i = 0; i < data.length; i++) {
    if (level[i]! >= 128) {
      data[i] = 1;
      painted++;
    }
  }
  if (!painted) throw new AreaMaskError('Nothing is painted: paint over the area to change, then submit.');
  return { data, width, height, paintedFraction: painted / data.length };
}

/** The mask pixel a frame pixel falls in (nearest neighbour), along one axis of `frameSize` pixels. */
export const maskIndexOf = (at: number, frameSize: number, maskSize: number) =>
  Math.min(maskSize - 1, Math.floor(((at + 0.5) * maskSize) / frameSize));

/**
 * The mask at exactly `width`×`height`, nearest neighbour: each target pixel takes the mask pixel it falls in
 * (maskIndexOf, the one mapping every use of the mask shares, so the area blended is the area checked).
 */
export async function scaleMask(mask: AreaMask, width: number, height: number): Promise<Uint8Array> {
  if (mask.width === width && mask.height === height) return mask.data;
  const scaled = new Uint8Array(width * height);
  const columns = Array.from({ length: width }, (_, x) => maskIndexOf(x, width, mask.width));
  for (let y = 0; y < height; y++) {
    const row = maskIndexOf(y, height, mask.height) * mask.width;
    for (let x = 0; x < width; x++) scaled[y * width + x] = mask.data[row + columns[x]!]!;
  }
  return scaled;
}

/**
 * The mask as providers take it, at the size of the image they are sent: `white` a greyscale PNG, white
 * where the edit may change (BFL's fill), `clear` an RGBA PNG, transparent there and opaque elsewhere
 * (OpenAI's image edits).
 */
export async function maskForProvider(
  mask: AreaMask,
  width: number,
  height: number,
): Promise<{ white: Buffer; clear: Buffer }> {
  const scaled = await scaleMask(mask, width, height);
  const grey = Buffer.alloc(width * height);
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < scaled.length; i++) {
    const painted = scaled[i] !== 0;
    grey[i] = painted ? 255 : 0;
    rgba[i * 4 + 3] = painted ? 0 : 255;
  }
  const [white, clear] = await Promise.all([
    sharp(grey, { raw: { width, height, channels: 1 } })
      .toColourspace('b-w')
      .png()
      .toBuffer(),
    sharp(rgba, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  ]);
  return { white, clear };
}
