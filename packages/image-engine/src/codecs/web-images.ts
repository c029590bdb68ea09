import sharp from 'sharp';

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
