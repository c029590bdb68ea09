import { readFile } from 'node:fs/promises';
import type { Duplex } from 'node:stream';
import type { Sharp } from 'sharp';
import { sharp } from './sharp';
import { readHead } from './file-head';
import type { ImageType } from './image-type';
import { decodeBmpToRgb, readBmpHeader } from './bmp-decoder';
import { decodeHeic, readHeicSize } from './heic-decoder';

/**
 * Files through sharp (libvips); sharp is imported only inside this package (the codecs, and test-support).
 * Everything that turns image files into pixels, or pixels into files, goes through here; HEIC and BMP, which sharp's prebuilt libvips cannot read, come in
 * through their own decoders and continue as raw pixels.
 *
 * Every output is oriented (EXIF orientation applied), in sRGB, and carries no metadata at all: sharp
 * writes none unless asked, so GPS position, camera make and model, dates and the embedded thumbnail of
 * the original never leave the server. Untagged JPEG is read as sRGB by browsers, so no profile is added.
 */

/**
 * Largest photo accepted, in pixels. 100 MP admits every current full-frame camera (61 MP at most) and
 * stitched panoramas, while bounding one photo's memory: the local engine holds one RGB frame, 3 bytes a
 * pixel, so at most 300 MB per job. A 25 MB file cannot honestly hold more than this: a photo compresses
 * to about 2 bits a pixel at best, which is 100 MP. Larger declared sizes are pixel bombs (a tiny PNG can
 * claim 50000×50000), refused from the header before any pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/** Quality of every full-size JPEG we write: visually lossless for photos, about a third of q100's size. */
export const JPEG_QUALITY = 90;
const THUMBNAIL_WIDTH = 400;
const THUMBNAIL_QUALITY = 80;
/**
 * Longest side of the JPEG an area edit is shown from (decision 015): the review's full-size dialog is at most
 * 1600 CSS pixels wide, the strip far less; what is downloaded is the full-size PNG.
 */
export const DISPLAY_SIDE = 2560;

// libvips' operation cache is off and it works with one thread per image (./sharp.ts).

/** Versions and settings worth recording next to benchmark numbers. */
export const describeImageCodec = () => ({
  sharp: sharp.versions.sharp,
  libvips: sharp.versions.vips,
  threadsPerImage: sharp.concurrency(),
  simd: sharp.simd(),
});

export class ImageTooLargeError extends Error {
  constructor(
    readonly width?: number,
    readonly height?: number,
  ) {
    const size = width && height ? ` (${width}×${height})` : '';
    super(`The image has more than ${MAX_INPUT_PIXELS / 1e6} megapixels${size}.`);
  }
}

export interface ImageInfo {
  /** Width and height as the photo is displayed, i.e. after its EXIF orientation is applied. */
  width: number;
  height: number;
  /** EXIF orientation as stored (1–8); 1 when there is none, and for HEIC, whose rotation libheif applies. */
  orientation: number;
}

/** Packed 8-bit sRGB pixels, 3 bytes a pixel, rows top-down, already oriented. */
export interface RgbImage {
  data: Buffer;
  width: number;
  height: number;
}

const sharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const, pages: 1 };

/**
 * Reads the size of a photo from its header, without decoding pixels. Rejects with ImageTooLargeError for
 * more than MAX_INPUT_PIXELS, and with another error for a file that is not a readable image of its type.
 */
export async function readImageInfo(path: string, type: ImageType): Promise<ImageInfo> {
  const info = await readHeader(path, type);
  assertPixelCount(info.width, info.height);
  return info;
}

/** Formats whose header, at the start of the file, holds the size: {@link readImageInfoFromHead} reads them. */
const SIZE_IN_HEAD = new Set<ImageType>(['jpeg', 'png', 'webp', 'bmp']);

/**
 * {@link readImageInfo} from the first bytes of a file, while the rest is still on its way elsewhere (an
 * upload streamed to storage). JPEG, PNG, WebP and BMP state their size before any pixel; null when `head`
 * does not reach that far, or for formats whose size may sit anywhere (TIFF, GIF frames, HEIC boxes): the
 * caller then reads the whole file with readImageInfo. Rejects with ImageTooLargeError like readImageInfo.
 */
export async function readImageInfoFromHead(head: Buffer, type: ImageType): Promise<ImageInfo | null> {
  if (!SIZE_IN_HEAD.has(type)) return null;
  let info: ImageInfo;
  try {
    if (type === 'bmp') info = { ...readBmpHeader(head), orientation: 1 };
    else {
      const metadata = await sharp(head, { ...sharpOptions, limitInputPixels: false }).metadata();
      if (!metadata.width || !metadata.height) return null;
      info = { ...metadata.autoOrient, orientation: metadata.orientation ?? 1 };
    }
  } catch {
    return null;
  }
  assertPixelCount(info.width, info.height);
  return info;
}

async function readHeader(path: string, type: ImageType): Promise<ImageInfo> {
  if (type === 'heic') return { ...(await readHeicSize(path)), orientation: 1 };
  if (type === 'bmp') return { ...readBmpHeader(await readHead(path, 64)), orientation: 1 };
  // Only the header is read here, so the pixel limit is checked by assertPixelCount, which can name the
  // declared size; libvips would refuse it without saying how large it is.
  const metadata = await sharp(path, { ...sharpOptions, limitInputPixels: false }).metadata();
  const orientation = metadata.orientation ?? 1;
  return { ...metadata.autoOrient, orientation };
}

function assertPixelCount(width: number, height: number) {
  if (width * height > MAX_INPUT_PIXELS) throw new ImageTooLargeError(width, height);
}

/** Decodes any accepted photo to oriented sRGB pixels (GIF: first frame; TIFF: first page; alpha on white). */
export async function decodeToRgb(path: string, type: ImageType): Promise<RgbImage> {
  const { data, info } = await (await openOriented(path, type)).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Starts decoding the full-size pixels and a copy whose longest side is `previewSide`, for analysis. Formats
 * libvips reads are decoded twice side by side, the small copy with JPEG shrink-on-load in a few tens of
 * milliseconds, so the caller can analyse it while the full decode is still running. HEIC and BMP are
 * decoded once and the copy is scaled from the pixels.
 */
export function startDecoding(
  path: string,
  type: ImageType,
  previewSide: number,
): { image: Promise<RgbImage>; preview: Promise<RgbImage> } {
  const image = decodeToRgb(path, type);
  const preview =
    type === 'heic' || type === 'bmp'
      ? image.then((full) => resizeRgb(full, previewSide))
      : decodePreview(path, type, previewSide);
  // Whoever awaits only the preview first must not leave a failed full decode unhandled meanwhile.
  image.catch(() => undefined);
  return { image, preview };
}

/** The photo's oriented pixels at most `maxSide` on their longest side (JPEG: shrink-on-load, a fraction of a full decode). */
export async function decodePreview(path: string, type: ImageType, maxSide: number): Promise<RgbImage> {
  const { data, info } = await (
    await openOriented(path, type)
  )
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Writes pixels as a full-quality JPEG (no metadata). */
export async function encodeRgbToJpeg(image: RgbImage, outputPath: string): Promise<void> {
  await fromRgb(image).jpeg({ quality: JPEG_QUALITY }).toFile(outputPath);
}

/**
 * A JPEG to show pixels from, at most DISPLAY_SIDE on its longest side (never enlarged), and the thumbnail
 * (as makeThumbnailFromRgb): both from one scaled copy, so the full-size frame is read once.
 */
export async function makeDisplayCopyAndThumbnail(
  image: RgbImage,
  outputPath: string,
  thumbnailPath: string,
): Promise<void> {
  await writeDisplayCopyAndThumbnail(await displayPixelsOf(image), outputPath, thumbnailPath);
}

/** The pixels of `image`'s display copy (makeDisplayCopyAndThumbnail's), not yet written. */
export const displayPixelsOf = (image: RgbImage): Promise<RgbImage> => resizeRgb(image, DISPLAY_SIDE);

/**
 * Display pixels of `image`, made ahead of a change, brought up to date after it: only the display pixels whose
 * source pixels reach into `changed` are made again, from `image` (in place). libvips makes a scaled image on
 * demand, so cutting the part out of the whole scaled frame reads only the source pixels that part needs, and
 * gives exactly the pixels of the whole copy made afresh (an area edit: 14 ms at 24 MP instead of 55).
 */
export async function updateDisplayPixels(
  display: RgbImage,
  image: RgbImage,
  changed: { left: number; top: number; width: number; height: number },
): Promise<RgbImage> {
  const scaleX = display.width / image.width;
  const scaleY = display.height / image.height;
  // Past the kernel's reach: Lanczos-3 reads 3 display pixels' worth of source on each side.
  const margin = 6;
  const left = Math.max(0, Math.floor(changed.left * scaleX) - margin);
  const top = Math.max(0, Math.floor(changed.top * scaleY) - margin);
  const right = Math.min(display.width, Math.ceil((changed.left + changed.width) * scaleX) + margin);
  const bottom = Math.min(display.height, Math.ceil((changed.top + changed.height) * scaleY) + margin);
  const width = right - left;
  const part = await fromRgb(image)
    .resize(DISPLAY_SIDE, DISPLAY_SIDE, { fit: 'inside', withoutEnlargement: true })
    .extract({ left, top, width, height: bottom - top })
    .raw()
    .toBuffer();
  for (let y = top; y < bottom; y++) {
    const from = (y - top) * width * 3;
    part.copy(display.data, (y * display.width + left) * 3, from, from + width * 3);
  }
  return display;
}

/**
 * Writes display pixels (displayPixelsOf) as the display copy, and the thumbnail made from them. The copy's
 * Huffman tables are libjpeg's standard ones, not optimised for the picture: the same pixels, about 7 % more
 * bytes, in half the time (10 ms instead of 22 at 2560 px), for a file only shown while the version is reviewed
 * (decision 099).
 */
export async function writeDisplayCopyAndThumbnail(
  shown: RgbImage,
  outputPath: string,
  thumbnailPath: string,
): Promise<void> {
  await Promise.all([
    fromRgb(shown).jpeg({ quality: JPEG_QUALITY, optimiseCoding: false }).toFile(outputPath),
    makeThumbnailFromRgb(shown, thumbnailPath),
  ]);
}

/**
 * A copy whose longest side is `maxSide`: smaller, for analysis that needs no full resolution, or (with
 * `enlarge`) larger, which only benchmarks need.
 */
export async function resizeRgb(image: RgbImage, maxSide: number, { enlarge = false } = {}): Promise<RgbImage> {
  const { data, info } = await fromRgb(image)
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: !enlarge })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A stream that re-encodes a browser-readable image (JPEG, PNG, WebP, GIF) passing through it as an upright,
 * metadata-free sRGB JPEG: how an upload is shown before the pipeline has made its preview, so that no file
 * served ever carries the camera's GPS position or serial numbers.
 */
export function metadataFreeJpegStream(): Duplex {
  return sharp(sharpOptions)
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: JPEG_QUALITY });
}

/**
 * Any accepted photo as an oriented, metadata-free sRGB JPEG at its full size: what the pipeline stores
 * and sends on, so nothing downstream needs to know HEIC, BMP or EXIF orientation.
 */
export async function normalizeToJpeg(
  inputPath: string,
  type: ImageType,
  outputPath: string,
): Promise<{ width: number; height: number }> {
  const source = await openOriented(inputPath, type);
  const { width, height } = await source.jpeg({ quality: JPEG_QUALITY }).toFile(outputPath);
  return { width, height };
}

/** A 400 px wide JPEG thumbnail (never enlarged) of any accepted photo; JPEG unless `type` says otherwise. */
export async function makeThumbnail(inputPath: string, outputPath: string, type: ImageType = 'jpeg'): Promise<void> {
  const source = await openOriented(inputPath, type);
  await source
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: THUMBNAIL_QUALITY })
    .toFile(outputPath);
}

/** {@link makeThumbnail} from pixels already decoded (and oriented), e.g. the pipeline's small copy. */
export async function makeThumbnailFromRgb(image: RgbImage, outputPath: string): Promise<void> {
  await fromRgb(image)
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: THUMBNAIL_QUALITY })
    .toFile(outputPath);
}

/** A pipeline whose output is the photo's oriented sRGB pixels, with alpha flattened onto white. */
async function openOriented(path: string, type: ImageType): Promise<Sharp> {
  if (type === 'bmp') return fromRgb(await decodeBmp(path));
  if (type === 'heic') {
    const { width, height, rgba } = await decodeHeic(path);
    assertPixelCount(width, height);
    return sharp(rgba, { raw: { width, height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS }).removeAlpha();
  }
  return sharp(path, sharpOptions).rotate().flatten({ background: '#ffffff' }).toColourspace('srgb');
}

function fromRgb({ data, width, height }: RgbImage): Sharp {
  return sharp(data, { raw: { width, height, channels: 3 }, limitInputPixels: MAX_INPUT_PIXELS });
}

async function decodeBmp(path: string): Promise<RgbImage> {
  const file = await readFile(path);
  const { width, height } = readBmpHeader(file);
  assertPixelCount(width, height);
  const decoded = await decodeBmpToRgb(file);
  return { data: decoded.rgb, width: decoded.width, height: decoded.height };
}
