import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
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

  const storage: S3Storage = {
    async put(key, body, contentType) {
      assertSafeKey(key);
      // Streamed: lib-storage reads the body a part at a time (one PutObject when it all fits in one part).
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        // The upload is aborted below, so that the error reported is the first one (often the body's own, a
        // client gone mid-upload), not a failure of the abort.
        leavePartsOnError: true,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        await abortParts(key, upload.uploadId);
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
   * Parts of an unfinished multipart upload are stored (and billed) until aborted. Best effort: when even
   * this fails, the bucket's AbortIncompleteMultipartUpload lifecycle rule removes them (docs/deploy.md).
   */
  async function abortParts(key: string, uploadId: string | undefined) {
    if (!uploadId) return;
    await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch(() => undefined);
  }
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
