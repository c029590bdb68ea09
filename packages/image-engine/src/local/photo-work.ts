import { encodeRgbToJpeg, makeThumbnailFromRgb } from '../codecs/image-codec';
import type { ImageType } from '../codecs/image-type';
import { decodePhoto, runLocalEngine, type LocalEngineResult, type LocalOperation } from './local-engine';

/**
 * The full-size work of one photo job, done on one decoded frame: the photo's preview (upright, without
 * metadata) with its thumbnail, and/or the local engine's result. Files in, files out, so that it can run on
 * a photo thread (photo-threads.ts) and the frame never reaches the thread that serves the API.
 */
export interface PhotoWork {
  input: { path: string; type: ImageType };
  preview?: { path: string; thumbnailPath: string };
  enhance?: { outputPath: string; thumbnailPath: string; operations: readonly LocalOperation[] };
}

export interface PhotoWorkResult {
  width: number;
  height: number;
  enhanced?: LocalEngineResult;
}

/** The input could not be decoded: another try will not do better. */
export class PhotoUnreadableError extends Error {}

export async function doPhotoWork({ input, preview, enhance }: PhotoWork): Promise<PhotoWorkResult> {
  if (!preview && enhance) {
    // The engine decodes the frame itself, planning on its small copy while the full decode runs.
    const enhanced = await runLocalEngine({ inputPath: input.path, inputType: input.type, ...enhance });
    return { width: enhanced.width, height: enhanced.height, enhanced };
  }
  const decoded = await decodePhoto(input.path, input.type).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PhotoUnreadableError(`The photo could not be decoded: ${reason}`, { cause: error });
  });
  const { width, height } = decoded.image;
  if (preview) {
    await encodeRgbToJpeg(decoded.image, preview.path);
    await makeThumbnailFromRgb(decoded.preview, preview.thumbnailPath);
  }
  if (!enhance) return { width, height };
  return { width, height, enhanced: await runLocalEngine({ photo: decoded, ...enhance }) };
}
