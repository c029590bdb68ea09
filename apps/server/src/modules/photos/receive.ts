import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile, Multipart } from '@fastify/multipart';
import { MAX_PHOTOS_PER_BATCH, REJECTED_FILES_MESSAGE } from '@hearth/contracts';
import { ImageTooLargeError, MAX_INPUT_PIXELS, readImageInfo } from '../../adapters/image-codec';
import { HttpError } from '../../http/errors';
import { sniffImageFile, type ImageType } from './image-type';

export interface ReceivedFile {
  tempPath: string;
  fileName: string;
  type: ImageType;
  sizeBytes: number;
  sha256: string;
  width: number;
  height: number;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  fields: Record<string, string>;
}

/**
 * Streams every file of a multipart upload to a temporary file (never the whole batch in memory),
 * hashing and counting on the way, then checks each by its bytes. Any refusal removes every
 * temporary file of the batch before the error leaves.
 */
export async function receiveUpload(parts: AsyncIterableIterator<Multipart>, tempDir: string): Promise<ReceivedUpload> {
  await mkdir(tempDir, { recursive: true });
  const files: ReceivedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'photos') {
        part.file.resume();
        continue;
      }
      files.push(await receiveFile(part, tempDir));
    }
  } catch (error) {
    await discard(files);
    throw translateMultipartError(error);
  }
  return { files, fields };
}

async function receiveFile(part: MultipartFile, tempDir: string): Promise<ReceivedFile> {
  const tempPath = path.join(tempDir, randomUUID());
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  const fileName = cleanFileName(part.filename);
  try {
    await pipeline(part.file, counter, createWriteStream(tempPath));
    if (part.file.truncated) throw tooLarge(fileName);
    const type = await sniffImageFile(tempPath);
    if (!type) throw new HttpError(415, REJECTED_FILES_MESSAGE, 'UNSUPPORTED_TYPE', { file: fileName });
    const info = await readImageInfo(tempPath, type).catch((error: unknown) => {
      if (error instanceof ImageTooLargeError) throw tooManyPixels(fileName, error);
      throw new HttpError(415, REJECTED_FILES_MESSAGE, 'UNREADABLE_IMAGE', { file: fileName });
    });
    return { tempPath, fileName, type, sizeBytes, sha256: hash.digest('hex'), width: info.width, height: info.height };
  } catch (error) {
    await rm(tempPath, { force: true });
    throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge(fileName) : error;
  }
}

export async function discard(files: ReceivedFile[]) {
  await Promise.all(files.map((f) => rm(f.tempPath, { force: true })));
}

const tooManyPixels = (file: string, { width, height }: ImageTooLargeError) =>
  new HttpError(
    422,
    `"${file}" is ${width}×${height} pixels; photos can have at most ${Math.round(MAX_INPUT_PIXELS / 1e6)} megapixels.`,
    'TOO_MANY_PIXELS',
    { file },
  );

const tooLarge = (file: string) => new HttpError(413, REJECTED_FILES_MESSAGE, 'FILE_TOO_LARGE', { file });

function translateMultipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge('');
  if (code === 'FST_FILES_LIMIT') {
    return new HttpError(413, `You can upload at most ${MAX_PHOTOS_PER_BATCH} photos at a time.`, 'TOO_MANY_FILES');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new HttpError(415, 'Send the photos as multipart/form-data in a field named "photos".', 'NOT_MULTIPART');
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'The upload has too many parts.', 'TOO_MANY_PARTS');
  }
  return error;
}

/** Keeps the user's name for display only: no folders, no control characters, bounded length. */
function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return clean || 'photo';
}
