import {
  decodePreview,
  encodeRgbToJpeg,
  makeThumbnail,
  makeThumbnailFromRgb,
  readImageInfo,
} from '../codecs/image-codec';
import { copyJpegWithoutMetadata } from '../codecs/metadata-free-copy';
import type { ImageType } from '../codecs/image-type';
import { decodePhoto, runLocalEngine, type LocalEngineResult, type LocalOperation } from './local-engine';
import { PREVIEW_SIZE } from './preview';

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
  // A JPEG that is already upright sRGB is its own preview, less its metadata (docs/decisions/093): then a
  // photo for a provider needs no full-size decode at all, only the thumbnail's shrink-on-load one.
  const copied = preview && input.type === 'jpeg' && (await copyJpegWithoutMetadata(input.path, preview.path));
  if (copied && !enhance) {
    await makeThumbnail(input.path, preview.thumbnailPath).catch((error: unknown) => {
      throw unreadable(error);
    });
    const { width, height } = await readImageInfo(preview.path, 'jpeg');
    return { width, height };
  }
  if (copied && enhance) {
    // The engine streams a JPEG through its native pass where it can (native-pass.ts): only the small copy is
    // decoded here, for the preview's thumbnail and the engine's planning.
    const small = await decodePreview(input.path, input.type, PREVIEW_SIZE).catch((error: unknown) => {
      throw unreadable(error);
    });
    await makeThumbnailFromRgb(small, preview.thumbnailPath);
    const enhanced = await runLocalEngine({ inputPath: input.path, inputType: input.type, preview: small, ...enhance });
    return { width: enhanced.width, height: enhanced.height, enhanced };
  }
  const decoded = await decodePhoto(input.path, input.type).catch((error: unknown) => {
    throw unreadable(error);
  });
  const { width, height } = decoded.image;
  if (preview) {
    if (!copied) await encodeRgbToJpeg(decoded.image, preview.path);
    await makeThumbnailFromRgb(decoded.preview, preview.thumbnailPath);
  }
  if (!enhance) return { width, height };
  return { width, height, enhanced: await runLocalEngine({ photo: decoded, ...enhance }) };
}

function unreadable(error: unknown) {
  const reason = error instanceof Error ? error.message : String(error);
  return new PhotoUnreadableError(`The photo could not be decoded: ${reason}`, { cause: error });
}
