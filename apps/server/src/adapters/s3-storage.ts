import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  type CompletedPart,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../infrastructure/storage/config';
import { assertSafeKey, StorageNotFoundError, type ObjectStorage } from '../infrastructure/storage/object-storage';

/**
 * Photos in an S3-compatible bucket through the AWS SDK v3: the only file that imports it. Works with AWS S3,
 * MinIO, Cloudflare R2 and Tigris (docs/deploy.md); the tests run it against s3rver on loopback.
 */

/** Bytes of one multipart part (S3's minimum), and parts in flight: at most 20 MB of a file is held at once. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

export interface S3Storage extends ObjectStorage {
  /** Closes the client's pooled connections. */
  close(): void;
}

export function createS3Storage(settings: S3Settings): S3Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: the SDK's default (CRC32 on every upload, sent as aws-chunked
    // trailers) is refused by several compatible services; the payload is still signed and sent over TLS.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An unreachable endpoint fails the request (and so the upload or job, which is retried) instead of hanging.
    requestHandler: { connectionTimeout: 5_000 },
  });
  const Bucket = settings.bucket;
  const partBuffers = new PartBuffers();

  const storage: S3Storage = {
    async put(key, body, contentType) {
      assertSafeKey(key);
      let uploadId: string | undefined;
      try {
        await putInParts(key, body, contentType, (id) => (uploadId = id));
      } catch (error) {
        // The first error is reported (often the body's own, a client gone mid-upload), not a failed abort.
        body.destroy();
        await abortParts(key, uploadId);
        throw storageError('store', key, error);
      }
    },

    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return Object.assign(object.Body as Readable, { byteLength: object.ContentLength });
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFoundError(key);
        throw storageError('read', key, error);
      }
    },

    async putFile(key, sourcePath, contentType) {
      assertSafeKey(key); // before the file is opened
      await storage.put(key, createReadStream(sourcePath), contentType);
    },
    getFile: async (key, targetPath) => pipeline(await storage.get(key), createWriteStream(targetPath)),

    async delete(key) {
      assertSafeKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        // S3 answers 204 for a missing key; a few compatible services say NoSuchKey. Either way it is gone.
        if (isMissing(error)) return;
        throw storageError('delete', key, error);
      }
    },

    async check() {
      // One request, nothing written: the endpoint answers, the credentials are accepted, the bucket exists.
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const reason = error instanceof Error ? error.message || error.name : String(error);
        throw new Error(`The S3 bucket ${Bucket} does not answer: ${reason}`, { cause: error });
      }
    },

    close: () => client.destroy(),
  };
  return storage;

  /**
   * Streams `body` into the object a part at a time: one PutObject when it all fits in one part, otherwise a
   * multipart upload with up to PARTS_IN_FLIGHT parts sent at once. Reading waits while that many are in
   * flight, so a fast client is held back by the bucket, not by this process's memory.
   */
  async function putInParts(key: string, body: Readable, contentType: string, started: (uploadId: string) => void) {
    const parts = readParts(body, partBuffers);
    const putWhole = async (Body: Buffer) => {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body, ContentType: contentType }));
      partBuffers.release(Body);
    };
    const first = await parts.next();
    if (first.done) return putWhole(Buffer.alloc(0));
    const second = await parts.next();
    if (second.done) return putWhole(first.value);
    const created = await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: contentType }));
    const UploadId = created.UploadId!;
    started(UploadId);
    const sent: CompletedPart[] = [];
    const inFlight = new Set<Promise<void>>();
    let failure: unknown;
    const send = (Body: Buffer, PartNumber: number) => {
      const sending = client
        .send(new UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body }))
        .then(({ ETag }) => {
          // Only once sent: a request that failed may still hold its body.
          partBuffers.release(Body);
          sent.push({ PartNumber, ETag });
        })
        .catch((error: unknown) => void (failure ??= error))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    };
    try {
      send(first.value, 1);
      send(second.value, 2);
      for (let partNumber = 3; ; partNumber++) {
        while (inFlight.size >= PARTS_IN_FLIGHT) await Promise.race(inFlight);
        if (failure) break;
        const next = await parts.next();
        if (next.done) break;
        send(next.value, partNumber);
      }
    } finally {
      // Also when the body failed: the abort that follows must not race parts still being sent.
      await Promise.all(inFlight);
    }
    if (failure) throw failure;
    sent.sort((a, b) => a.PartNumber! - b.PartNumber!);
    await client.send(
      new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId, MultipartUpload: { Parts: sent } }),
    );
  }

  /**
   * Parts of an unfinished multipart upload are stored (and billed) until aborted. Best effort: when even
   * this fails, the bucket's AbortIncompleteMultipartUpload lifecycle rule removes them (docs/deploy.md).
   */
  async function abortParts(key: string, uploadId: string | undefined) {
    if (!uploadId) return;
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
  }
}

/**
 * The buffers parts are filled in, kept once sent for the next part of this or a later upload. A new 5 MB
 * buffer per part outlives a young collection and counts against the heap's room: a batch of 30 × 25 MB set off
 * 17–18 full collections that way, and 1 with the buffers kept (docs/decisions/114).
 */
class PartBuffers {
  private readonly kept: ArrayBuffer[] = [];

  take(): Buffer {
    return Buffer.from(this.kept.pop() ?? Buffer.allocUnsafeSlow(PART_BYTES).buffer);
  }

  /** Takes back a part's buffer (a body's last part is a shorter view of one). */
  release(part: Buffer) {
    const whole = part.buffer as ArrayBuffer;
    if (whole.byteLength === PART_BYTES && this.kept.length < PARTS_IN_FLIGHT) this.kept.push(whole);
  }
}

/**
 * The body in parts of PART_BYTES (the last one shorter), each in a buffer from `buffers`. Each chunk is copied
 * into its part as it arrives, so it is garbage at once and dies in a young collection. Gathering a part's
 * chunks and joining them, as lib-storage's Upload does, keeps them alive until the part is whole.
 */
async function* readParts(body: Readable, buffers: PartBuffers): AsyncGenerator<Buffer, void> {
  let part: Buffer | undefined;
  let filled = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    for (let offset = 0; offset < chunk.length;) {
      part ??= buffers.take();
      const copied = chunk.copy(part, filled, offset);
      filled += copied;
      offset += copied;
      if (filled === PART_BYTES) {
        yield part;
        part = undefined;
        filled = 0;
      }
    }
  }
  if (part) yield part.subarray(0, filled);
}

/** No such object; a missing bucket is a configuration error, not a missing file. */
function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException) || error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

function storageError(action: string, key: string, error: unknown): Error {
  const reason = error instanceof Error ? error.message || error.name : String(error);
  return new Error(`Could not ${action} ${key} in the S3 bucket: ${reason}`, { cause: error });
}
