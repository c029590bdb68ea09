import { sharp } from './sharp';
import { MAX_INPUT_PIXELS } from './image-codec';

export type WebImageFormat = 'avif' | 'webp' | 'jpg';

export interface WebImageOptions {
  /** The picture is scaled to cover exactly this size, cropped around its centre. */
  width: number;
  height: number;
  format: WebImageFormat;
  quality: number;
  /** JPEG only (ignored for AVIF and WebP): a progressive file, which shows a rough picture early while it loads. */
  progressive?: boolean;
}

/**
 * Writes an image file as a web page serves it (the landing page's responsive images, the social preview):
 * AVIF 4:2:0 and WebP with the encoders' slower, smaller settings, JPEG through mozjpeg. For build scripts.
 */
export async function writeWebImage(inputPath: string, outputPath: string, options: WebImageOptions): Promise<void> {
  let image = sharp(inputPath).resize(options.width, options.height, { fit: 'cover', position: 'centre' });
  if (options.format === 'avif')
    image = image.avif({ quality: options.quality, effort: 6, chromaSubsampling: '4:2:0' });
  if (options.format === 'webp') image = image.webp({ quality: options.quality, effort: 6, smartSubsample: true });
  if (options.format === 'jpg') {
    image = image.jpeg({
      quality: options.quality,
      mozjpeg: true,
      ...(options.progressive === undefined ? {} : { progressive: options.progressive }),
    });
  }
  await image.toFile(outputPath);
}

/**
 * A smaller copy of a JPEG for a page that offers several sizes (srcset): `width` pixels wide at most (never
 * enlarged), in a modern format. Made while a visitor waits, so the encoders run at their middle effort: an
 * AVIF of a 12 MP photo at 960 px takes a few hundred milliseconds, not seconds.
 */
export async function webRendition(jpeg: Buffer, width: number, format: WebImageFormat): Promise<Buffer> {
  const image = sharp(jpeg, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).resize({
    width,
    withoutEnlargement: true,
  });
  if (format === 'avif') return image.avif({ quality: 50, effort: 3, chromaSubsampling: '4:2:0' }).toBuffer();
  if (format === 'webp') return image.webp({ quality: 75, effort: 3 }).toBuffer();
  return image.jpeg({ quality: 78, mozjpeg: true, progressive: true }).toBuffer();
}
