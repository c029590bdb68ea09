/**
 * Pictures made and inspected for tests, with sharp (libvips) directly rather than through the codecs, so a
 * test can check the codecs against an independent reading. Used by the server's integration tests.
 */
import sharp from 'sharp';
import type { RgbImage } from '../codecs/image-codec';

/** A photo-like JPEG: a sky gradient over a floor, with some texture, at the given size. */
export async function makeJpeg(width = 640, height = 480, quality = 85): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#b7c3cc"/><stop offset="0.55" stop-color="#d9d4c7"/><stop offset="1" stop-color="#7a6a55"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${width * 0.2}" y="${height * 0.3}" width="${width * 0.25}" height="${height * 0.35}" fill="#8fa6b8"/>
    <rect x="${width * 0.6}" y="${height * 0.25}" width="${width * 0.12}" height="${height * 0.5}" fill="#6b4f3a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer();
}

export const makePng = async (width = 320, height = 240) =>
  sharp(await makeJpeg(width, height))
    .png()
    .toBuffer();

/**
 * The JPEG as a phone stores an upright shot: EXIF orientation 1 with camera make, model and serial, a GPS
 * position, and XMP; an sRGB profile, and a second image appended after EOI. The coded image is left as it
 * is (not re-encoded), so a copy of it can be recognised by its bytes.
 */
export async function withCameraMetadata(jpeg: Buffer): Promise<Buffer> {
  const tags = await sharp(jpeg)
    .resize(16)
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 13', Orientation: '1' },
      IFD2: { BodySerialNumber: 'C39XK2ZJN72Q' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 54/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 8/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><tiff:Make>Apple</tiff:Make></x:xmpmeta>')
    .withIccProfile('srgb')
    .jpeg()
    .toBuffer();
  const startOfScan = tags.indexOf(Buffer.from([0xff, 0xda]));
  const metadata = segmentsBefore(tags, startOfScan, (marker) => marker >= 0xe1 && marker <= 0xef);
  return Buffer.concat([jpeg.subarray(0, 2), ...metadata, jpeg.subarray(2), tags]);
}

/** The marker segments before `end` whose marker `wanted` accepts, whole. */
function segmentsBefore(jpeg: Buffer, end: number, wanted: (marker: number) => boolean): Buffer[] {
  const found: Buffer[] = [];
  for (let at = 2; at < end; at += 2 + jpeg.readUInt16BE(at + 2)) {
    if (wanted(jpeg[at + 1]!)) found.push(jpeg.subarray(at, at + 2 + jpeg.readUInt16BE(at + 2)));
  }
  return found;
}

/** An encoded picture's pixels, upright (EXIF orientation applied), scaled to exactly `width` × `height`. */
export async function uprightRgbAtSize(image: Buffer, width: number, height: number): Promise<RgbImage> {
  const { data, info } = await sharp(image)
    .rotate()
    .resize({ width, height, fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** An encoded picture's pixels as stored (no orientation applied), in sRGB without alpha. */
export async function storedRgb(image: Buffer): Promise<RgbImage> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Pixels scaled to exactly `width` × `height` (raw RGB bytes). */
export const scaledRgbBytes = ({ data, width, height }: RgbImage, to: { width: number; height: number }) =>
  sharp(data, { raw: { width, height, channels: 3 } })
    .resize(to.width, to.height, { fit: 'fill' })
    .raw()
    .toBuffer();

/** The picture in grey, as an sRGB JPEG. */
export const greyscaleJpeg = (image: Buffer) => sharp(image).greyscale().toColourspace('srgb').jpeg().toBuffer();

/** The picture scaled to fit `width` × `height`, as a JPEG of the given quality. */
export const resizedJpeg = (image: Buffer, width: number, height: number, quality: number) =>
  sharp(image).resize(width, height).jpeg({ quality }).toBuffer();

/** What an encoded image says about itself: its format, size, orientation tag and which metadata blocks it carries. */
export async function encodedImageMetadata(image: Buffer) {
  const metadata = await sharp(image).metadata();
  return {
    format: metadata.format,
    width: metadata.width,
    height: metadata.height,
    orientation: metadata.orientation,
    hasExif: Boolean(metadata.exif),
    hasXmp: Boolean(metadata.xmp),
    hasIptc: Boolean(metadata.iptc),
  };
}
