import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { MAX_PHOTOS_PER_BATCH, MAX_UPLOAD_BYTES, REJECTED_FILES_MESSAGE, type RefusedFile } from '@hearth/contracts';
import type { FastifyRequest } from 'fastify';
import {
  ImageTooLargeError,
  MAX_INPUT_PIXELS,
  readImageInfo,
  sniffImageFile,
  type ImageType,
} from '@hearth/image-engine';
import { bodySignal } from '../../http/body-deadlines';
import { HttpError } from '../../http/errors';

export interface ReceivedFile {
  tempPath: string;
  fileName: string;
  type: ImageType;
  sizeBytes: number;
  sha256: string;
  width: number;
  height: number;
}

/** A file of the batch that was not taken, the HTTP status its refusal alone would have had, and why. */
export interface FileRefusal extends RefusedFile {
  status: number;
  /** The message of the answer when no file of the batch is taken (SPEC §5 wording where it has one). */
  batchMessage: string;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  refused: FileRefusal[];
  fields: Record<string, string>;
}

/**
 * Streams every file of a multipart upload to a temporary file (never the whole batch in memory),
 * hashing and counting on the way, then checks each by its bytes. A file that is not an acceptable photo is
 * refused on its own (the others go on); anything that spoils the whole request (a malformed body, a stall, a
 * client that went away, too many files) removes every temporary file of the batch before the error leaves.
 * The batch is only returned once the request body has arrived whole.
 */
export async function receiveUpload(request: FastifyRequest, tempDir: string): Promise<ReceivedUpload> {
  const signal = bodySignal(request);
  checkMultipartContentType(request.headers['content-type']);
  await mkdir(tempDir, { recursive: true });
  const files: ReceivedFile[] = [];
  const refused: FileRefusal[] = [];
  const fields: Record<string, string> = {};
  try {
    if (signal.aborted) throw signal.reason;
    const parts = request.parts();
    for (;;) {
      const next = await untilAborted(parts.next(), signal).catch(malformedBody);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'photos') {
        part.file.resume();
        continue;
      }
      const outcome = await receiveFile(part, tempDir, signal);
      if ('refusal' in outcome) refused.push(outcome.refusal);
      else files.push(outcome.file);
    }
    // The parser also stops when the client goes away between two parts: only a whole body is a batch.
    if (signal.aborted) throw signal.reason;
    if (!request.raw.complete) throw interrupted();
  } catch (error) {
    await discard(files);
    throw translateMultipartError(error);
  }
  return { files, refused, fields };
}

type FileOutcome = { file: ReceivedFile } | { refusal: FileRefusal };

async function receiveFile(part: MultipartFile, tempDir: string, signal: AbortSignal): Promise<FileOutcome> {
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
  // The parser destroys a file it had to give up on (the body ended inside it) before we may even see it;
  // piping such a stream would wait forever.
  if (part.file.destroyed) {
    if (signal.aborted) throw signal.reason;
    return malformedBody(part.file.errored);
  }
  // An error of the part itself means the body's framing broke mid-file ("terminated early").
  let partError: unknown;
  part.file.once('error', (error) => (partError ??= error));
  try {
    await pipeline(part.file, counter, createWriteStream(tempPath), { signal });
  } catch (error) {
    await rm(tempPath, { force: true });
    if (signal.aborted) throw signal.reason;
    // The part failing, or being closed under us by the parser, is the body's fault; a disk error is ours.
    if (partError || (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') malformedBody(error);
    throw error;
  }
  const outcome = await checkFile(part, tempPath, fileName).catch(async (error: unknown) => {
    await rm(tempPath, { force: true });
    throw error;
  });
  if ('refusal' in outcome) {
    await rm(tempPath, { force: true });
    return outcome;
  }
  return { file: { ...outcome.file, sizeBytes, sha256: hash.digest('hex') } };
}

async function checkFile(
  part: MultipartFile,
  tempPath: string,
  fileName: string,
): Promise<{ file: Omit<ReceivedFile, 'sizeBytes' | 'sha256'> } | { refusal: FileRefusal }> {
  if (part.file.truncated) return { refusal: tooLarge(fileName) };
  const type = await sniffImageFile(tempPath);
  if (!type) return { refusal: notAnImage(fileName) };
  try {
    const { width, height } = await readImageInfo(tempPath, type);
    return { file: { tempPath, fileName, type, width, height } };
  } catch (error) {
    return { refusal: error instanceof ImageTooLargeError ? tooManyPixels(fileName, error) : unreadable(fileName) };
  }
}

export async function discard(files: ReceivedFile[]) {
  await Promise.all(files.map((f) => rm(f.tempPath, { force: true })));
}

/** Waits for the parser's next part, or stops as soon as the body is given up on (a stall, a disconnect). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const refusal = (
  fileName: string,
  status: number,
  code: string,
  message: string,
  batchMessage = REJECTED_FILES_MESSAGE,
) => ({
  fileName,
  code,
  message,
  status,
  batchMessage,
});

const notAnImage = (file: string) =>
  refusal(file, 415, 'UNSUPPORTED_TYPE', `"${file}" is not a JPG, PNG, HEIC, WEBP, GIF, BMP or TIFF image.`);

const unreadable = (file: string) =>
  refusal(file, 415, 'UNREADABLE_IMAGE', `"${file}" could not be read as an image; it may be damaged.`);

const tooLarge = (file: string) =>
  refusal(file, 413, 'FILE_TOO_LARGE', `"${file}" is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`);

function tooManyPixels(file: string, { width, height }: ImageTooLargeError) {
  const message = `"${file}" is ${width}×${height} pixels; photos can have at most ${Math.round(MAX_INPUT_PIXELS / 1e6)} megapixels.`;
  return refusal(file, 422, 'TOO_MANY_PIXELS', message, message);
}

const interrupted = () => new HttpError(400, 'The upload was interrupted before it finished.', 'REQUEST_INTERRUPTED');

/** The parser failed on what the client sent: its mistake, said as such (never a 500). */
function malformedBody(error: unknown): never {
  if (error instanceof HttpError || (error as { code?: string } | null)?.code?.startsWith('FST_')) throw error;
  throw new HttpError(
    400,
    'The upload is not a complete multipart/form-data body. Send the photos as a form in a field named "photos".',
    'MALFORMED_MULTIPART',
  );
}

/**
 * RFC 2046 §5.1.1: a multipart body is framed by its boundary, 1 to 70 characters from a fixed set, not
 * ending in a space. Without a usable one the body cannot be read at all.
 */
function checkMultipartContentType(contentType: string | undefined) {
  const match = /;\s*boundary\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  if (!boundary) {
    throw new HttpError(
      400,
      'The Content-Type "multipart/form-data" has no boundary. Send the photos as a form (FormData), which sets it.',
      'MULTIPART_BOUNDARY_MISSING',
    );
  }
  if (boundary.length > 70 || !/^[0-9A-Za-z'()+_,\-./:=? ]*[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary)) {
    throw new HttpError(
      400,
      "The multipart boundary must be 1 to 70 letters, digits or '()+_,-./:=? characters, not ending in a space.",
      'MULTIPART_BOUNDARY_INVALID',
    );
  }
}

function translateMultipartError(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT') {
    return new HttpError(413, `You can upload at most ${MAX_PHOTOS_PER_BATCH} photos at a time.`, 'TOO_MANY_FILES');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new HttpError(415, 'Send the photos as multipart/form-data in a field named "photos".', 'NOT_MULTIPART');
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'The upload has too many parts.', 'TOO_MANY_PARTS');
  }
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR') {
    return new HttpError(400, 'The upload has a field this server does not accept.', 'MALFORMED_MULTIPART');
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
