/**
 * Baseline for uploads: a bare Fastify + @fastify/multipart server that streams every file of a multipart
 * request to disk, or with S3_* variables set (S3_BUCKET, S3_ENDPOINT, ...) to that bucket through the AWS SDK's
 * multipart Upload, with Hearth's part size and parts in flight; it answers 201, with the same limits as Hearth's
 * upload route and nothing else (no session, no type check, no database). Run as its own process:
 *
 *   node --import tsx bench/baselines/multipart-server.ts <port> <directory>
 *
 * Prints "listening <port>" once it accepts requests.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { MAX_PHOTOS_PER_BATCH, MAX_UPLOAD_BYTES } from '@hearth/contracts';

const [port = '0', directory = '/tmp/hearth-baseline-uploads'] = process.argv.slice(2);
await mkdir(directory, { recursive: true });
const store = process.env.S3_BUCKET ? toBucket(process.env.S3_BUCKET) : toDisk;

const app = Fastify({ bodyLimit: 1024 * 1024 });
await app.register(multipart, {
  throwFileSizeLimit: false,
  limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_PHOTOS_PER_BATCH, fields: 10, fieldSize: 20_000, parts: 50 },
});
app.post('/upload', async (request, reply) => {
  const stored: { file: string; bytes: number }[] = [];
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const file = randomUUID();
    let bytes = 0;
    part.file.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await store(file, part.file);
    stored.push({ file, bytes });
  }
  return reply.status(201).send({ files: stored.length });
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

async function toDisk(name: string, body: Readable) {
  await pipeline(body, createWriteStream(path.join(directory, name)));
}

/** As Hearth's S3 adapter stores (apps/server/src/adapters/s3-storage.ts): 5 MB parts, 4 in flight. */
function toBucket(bucket: string) {
  const client = new S3Client({
    region: process.env.S3_REGION,
    endpoint: process.env.S3_ENDPOINT,
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    credentials: { accessKeyId: process.env.S3_ACCESS_KEY_ID!, secretAccessKey: process.env.S3_SECRET_ACCESS_KEY! },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return async (name: string, body: Readable) => {
    const params = { Bucket: bucket, Key: `baseline/${name}`, Body: body, ContentType: 'image/jpeg' };
    await new Upload({ client, params, partSize: 5 * 1024 * 1024, queueSize: 4 }).done();
  };
}
