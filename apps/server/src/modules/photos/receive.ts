import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { MAX_PHOTOS_PER_BATCH, MAX_UPLOAD_BYTES, REJECTED_FILES_MESSAGE, type RefusedFile } from '@hearth/contracts';
import type { FastifyRequest } from 'fastify';
import {
  ImageTooLargeError,
  MAX_INPUT_PIXELS,
  readImageInfo,
  readImageInfoFromHead,
  sniffImageFile,
  sniffImageType,
  type ImageInfo,
  type ImageType,
} from '@hearth/image-engine';
import { bodySignal } from '../../infrastructure/http/body-deadlines';
import { HttpError } from '../../infrastructure/http/errors';
import type { ObjectStorage } from '../../infrastructure/storage/object-storage';
import type { Db } from '../../infrastructure/db/client';
import { clearUploadsInFlight, markUploadInFlight } from './uploads-in-flight';

export interface ReceivedFile {
  /** The photo's id, chosen as its bytes arrived: they are stored under `key` already. */
  id: string;
  key: string;
  fileName: string;
  type: ImageType;
  sizeBytes: number;
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

export interface ReceiveDeps extends StoredOriginals {
  /** Whose upload it is: originals in flight are recorded under this user. */
  userId: string;
  /** Where a photo's original is stored, by the photo's id. */
  keyOf: (photoId: string) => string;
  /** For the few files whose whole bytes must be read to be checked (TIFF, GIF, HEIC). */
  tempDir: string;
  /** Told of each file taken, with the fields sent before it, as soon as it is stored and checked. */
  onStored?: (file: ReceivedFile, fields: Record<string, string>) => void;
}

/**
 * Bytes of each file kept in memory as it streams past: the type is sniffed and the size read from them.
 * JPEG, PNG, WebP and BMP state both well within this (a JPEG's EXIF and ICC segments come first, each under
 * 64 KB); other files are read back whole once stored.
 */
const HEAD_BYTES = 512 * 1024;

/**
 * Streams every file of a multipart upload straight into storage (never the whole batch in memory, each byte
 * written once, docs/decisions/082), counting and hashing on the way and keeping each file's first bytes;
 * each file is then checked by its bytes. A file that is not an acceptable photo is refused on its own (its
 * stored copy removed, the others go on); anything that spoils the whole request (a malformed body, a stall,
 * a client that went away, too many files) removes every stored file of the batch before the error leaves.
 * The batch is only returned once the request body has arrived whole; whoever takes it then owns its files
 * (acceptUpload, which removes them with {@link discard} if the batch is not taken after all).
 */
export async function receiveUpload(request: FastifyRequest, deps: ReceiveDeps): Promise<ReceivedUpload> {
  const signal = bodySignal(request);
  checkMultipartContentType(request.headers['content-type']);
  await mkdir(deps.tempDir, { recursive: true });
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
      const outcome = await receiveFile(part, deps, signal);
      if ('refusal' in outcome) {
        refused.push(outcome.refusal);
        continue;
      }
      files.push(outcome.file);
      deps.onStored?.(outcome.file, fields);
    }
    // The parser also stops when the client goes away between two parts: only a whole body is a batch.
    if (signal.aborted) throw signal.reason;
    if (!request.raw.complete) throw interrupted();
  } catch (error) {
    await discard(deps, files);
    throw translateMultipartError(error);
  }
  return { files, refused, fields };
}

type FileOutcome = { file: ReceivedFile } | { refusal: FileRefusal };

/** What streaming one part into storage saw on the way. */
interface Tapped {
  sizeBytes: number;
  /** The first HEAD_BYTES bytes (all of them for a smaller file). */
  head: Buffer;
}

async function receiveFile(part: MultipartFile, deps: ReceiveDeps, signal: AbortSignal): Promise<FileOutcome> {
  const fileName = cleanFileName(part.filename);
  // The parser destroys a file it had to give up on (the body ended inside it) before we may even see it;
  // reading such a stream would wait forever.
  if (part.file.destroyed) {
    if (signal.aborted) throw signal.reason;
    return malformedBody(part.file.errored);
  }
  if (signal.aborted) throw signal.reason;
  const id = randomUUID();
  const key = deps.keyOf(id);
  // An error of the part itself means the body's framing broke mid-file ("terminated early").
  let partError: unknown;
  part.file.once('error', (error) => (partError ??= error));
  const stopOnAbort = () => part.file.destroy(signal.reason as Error);
  signal.addEventListener('abort', stopOnAbort, { once: true });
  let tapped: Tapped;
  try {
    // Recorded first: should the process die before the photo's row exists, retention finds the original.
    await markUploadInFlight(deps.db, { photoId: id, userId: deps.userId, storageKey: key });
    const tap = tapStream(part.file);
    // The stored object's type is settled by the check below; originals are never served as they are.
    await deps.storage.put(key, tap.stream, 'application/octet-stream');
    tapped = tap.result();
  } catch (error) {
    await removeOriginal(deps, id, key).catch(() => undefined);
    if (signal.aborted) throw signal.reason;
    // The part failing, or being closed under us by the parser, is the body's fault; a storage error is ours.
    if (partError || (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE') malformedBody(error);
    throw error;
  } finally {
    signal.removeEventListener('abort', stopOnAbort);
  }
  const outcome = await checkFile(part, key, fileName, tapped, deps).catch(async (error: unknown) => {
    await removeOriginal(deps, id, key);
    throw error;
  });
  if ('refusal' in outcome) {
    await removeOriginal(deps, id, key);
    return outcome;
  }
  return { file: { id, key, fileName, sizeBytes: tapped.sizeBytes, ...outcome.file } };
}

/**
 * The part's bytes as a stream for storage, counted and with their head kept on the way. Read from
 * the part as storage asks for more, so a slow disk or bucket slows the upload instead of filling memory.
 */
function tapStream(source: Readable) {
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let sizeBytes = 0;
  async function* bytes() {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      sizeBytes += chunk.length;
      if (headLength < HEAD_BYTES) {
        const kept = chunk.subarray(0, HEAD_BYTES - headLength);
        headChunks.push(Buffer.from(kept));
        headLength += kept.length;
      }
      yield chunk;
    }
  }
  return {
    stream: Readable.from(bytes(), { objectMode: false }),
    result: (): Tapped => ({ sizeBytes, head: Buffer.concat(headChunks, headLength) }),
  };
}

type Checked = { file: { type: ImageType; width: number; height: number } } | { refusal: FileRefusal };

/** Type and size from the head when it holds them; otherwise from the whole stored file, read back once. */
async function checkFile(
  part: MultipartFile,
  key: string,
  fileName: string,
  { head, sizeBytes }: Tapped,
  deps: ReceiveDeps,
): Promise<Checked> {
  if (part.file.truncated) return { refusal: tooLarge(fileName) };
  const type = await sniffImageType(head);
  if (type) {
    try {
      const info = await readImageInfoFromHead(head, type);
      if (info) return accepted(type, info);
    } catch (error) {
      if (error instanceof ImageTooLargeError) return { refusal: tooManyPixels(fileName, error) };
      throw error;
    }
  }
  // A file wholly in the head was seen whole: nothing more to read.
  if (!type && sizeBytes <= head.length) return { refusal: notAnImage(fileName) };
  return checkWholeFile(key, fileName, deps);
}

const accepted = (type: ImageType, { width, height }: ImageInfo): Checked => ({ file: { type, width, height } });

async function checkWholeFile(key: string, fileName: string, { storage, tempDir }: ReceiveDeps): Promise<Checked> {
  const tempPath = path.join(tempDir, randomUUID());
  try {
    await storage.getFile(key, tempPath);
    const type = await sniffImageFile(tempPath);
    if (!type) return { refusal: notAnImage(fileName) };
    try {
      return accepted(type, await readImageInfo(tempPath, type));
    } catch (error) {
      return { refusal: error instanceof ImageTooLargeError ? tooManyPixels(fileName, error) : unreadable(fileName) };
    }
  } finally {
    await rm(tempPath, { force: true });
  }
}

/** Where a batch's originals are stored, and the database that knows which are in flight. */
export interface StoredOriginals {
  storage: ObjectStorage;
  db: Db;
}

/** Removes the stored files of a batch that is not taken. */
export async function discard({ storage, db }: StoredOriginals, files: ReceivedFile[]) {
  await Promise.all(files.map((f) => storage.delete(f.key)));
  await clearUploadsInFlight(
    db,
    files.map((f) => f.id),
  );
}

async function removeOriginal({ storage, db }: StoredOriginals, photoId: string, key: string) {
  await storage.delete(key);
  await clearUploadsInFlight(db, [photoId]);
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
