import { sharp } from './sharp';
import { JPEG_QUALITY, MAX_INPUT_PIXELS, type RgbImage } from './image-codec';

/**
 * The in-memory side of image handling that generative providers need: reading what a vendor sent back
 * (bytes, not files), and encoding the photo we send them. Like image-codec.ts it uses sharp; every output is
 * sRGB without metadata.
 */

const bufferOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const, pages: 1 };

export interface EncodedImageInfo {
  width: number;
  height: number;
  /** sharp's name of the format: 'jpeg', 'png', 'webp', … */
  format: string;
}

/** The size and format of an encoded image, read from its header; rejects bytes that are not an image. */
export async function readImageBufferInfo(image: Buffer): Promise<EncodedImageInfo> {
  const metadata = await sharp(image, { ...bufferOptions, limitInputPixels: false }).metadata();
  if (!metadata.width || !metadata.height || !metadata.format) throw new Error('Not a readable image');
  const { width, height } = metadata.autoOrient ?? metadata;
  return { width, height, format: metadata.format };
}

/** Decodes encoded image bytes to oriented sRGB pixels (alpha flattened onto white). */
export async function decodeImageBuffer(image: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(image, bufferOptions)
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * The copy of a photo sent to a provider: a JPEG whose longest side is at most `maxSide`, which may depend on
 * the photo's own size (what the model can use for a photo it will be fitted back to). Also returns that
 * size (`source`), read from the header. Its Huffman tables are the standard ones: a few per cent more bytes
 * on their way to the provider, the encode in half the time, before a call the edit waits for (decision 099).
 */
export async function encodeForProvider(
  inputPath: string,
  maxSide: number | ((source: { width: number; height: number }) => number),
): Promise<{ image: Buffer; width: number; height: number; source: { width: number; height: number } }> {
  const input = sharp(inputPath, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const metadata = await input.metadata();
  // The pipeline's input is upright already; an oriented file's own size is its turned size.
  const turned = (metadata.orientation ?? 1) >= 5;
  const source = {
    width: (turned ? metadata.height : metadata.width) ?? 0,
    height: (turned ? metadata.width : metadata.height) ?? 0,
  };
  const side = Math.round(typeof maxSide === 'function' ? maxSide(source) : maxSide);
  const { data, info } = await input
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: JPEG_QUALITY, optimiseCoding: false })
    .toBuffer({ resolveWithObject: true });
  return { image: data, width: info.width, height: info.height, source };
}

/** Encodes pixels as a JPEG in memory (no metadata). */
export async function encodeRgbToJpegBuffer(image: RgbImage, quality = JPEG_QUALITY): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** Encodes pixels as a PNG in memory (lossless; what loopback test vendors send back). */
export async function encodeRgbToPngBuffer(image: RgbImage): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * Writes pixels as a PNG file with libvips: lossless, so every pixel decodes to exactly what was written. Light
 * compression, no filter. Area edits now write theirs in bands (area-edit/area-png.ts, decision 015); this
 * is how they were written before, which bench/area-edit keeps as its baseline.
 */
export async function encodeRgbToPngFile(image: RgbImage, outputPath: string): Promise<void> {
  await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
    limitInputPixels: MAX_INPUT_PIXELS,
  })
    .png({ compressionLevel: PNG_COMPRESSION, adaptiveFiltering: false })
    .toFile(outputPath);
}
const PNG_COMPRESSION = 2;

/**
 * Resamples pixels to exactly `width`×`height` (area-averaging when shrinking, Lanczos when enlarging), for
 * analysis copies that must line up pixel for pixel.
 */
export async function resizeRgbExact(image: RgbImage, width: number, height: number): Promise<RgbImage> {
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
    limitInputPixels: MAX_INPUT_PIXELS,
  })
    .resize(width, height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
