import { readImageBufferInfo } from '@hearth/image-engine';
import { ProviderBadResponseError } from './errors';
import type { ImageMimeType, ProviderId } from './provider';

/**
 * Bounds on what a vendor may send back. Image models answer with about one megapixel in a shape of their
 * choosing, and fit-to-original maps any shape back, so an unexpected size is accepted; only results too small
 * to carry a room, absurdly elongated or larger than any model makes are refused as unusable.
 */
export const RESULT_LIMITS = { minSide: 256, maxPixels: 40_000_000, maxElongation: 4 };

const MIME_BY_FORMAT: Record<string, ImageMimeType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Reads the header of a vendor's image and checks it against RESULT_LIMITS. */
export async function inspectResultImage(
  provider: ProviderId,
  image: Buffer,
): Promise<{ width: number; height: number; mimeType: ImageMimeType }> {
  const bad = (detail: string) => new ProviderBadResponseError({ provider, detail });
  if (image.length === 0) throw bad('The image in the answer is empty');
  const info = await readImageBufferInfo(image).catch((error: unknown) => {
    throw bad(`The image in the answer cannot be read: ${(error as Error).message}`);
  });
  const mimeType = MIME_BY_FORMAT[info.format];
  if (!mimeType) throw bad(`The answer is a ${info.format} image; expected JPEG, PNG or WebP`);
  const { width, height } = info;
  const size = `${width}×${height}`;
  if (Math.min(width, height) < RESULT_LIMITS.minSide) throw bad(`The image is ${size}, too small to use`);
  if (width * height > RESULT_LIMITS.maxPixels) throw bad(`The image is ${size}, larger than any model makes`);
  if (Math.max(width / height, height / width) > RESULT_LIMITS.maxElongation) {
    throw bad(`The image is ${size}, too elongated to be the photo`);
  }
  return { width, height, mimeType };
}
