/**
 * Baseline for uploads: a bare Fastify + @fastify/multipart server that streams every file of a multipart
 * request to disk and answers 201, with the same limits as Hearth's upload route and nothing else (no
 * session, no type check, no database). Run as its own process:
 *
 *   node --import tsx bench/baselines/multipart-server.ts <port> <directory>
 *
 * Prints "listening <port>" once it accepts requests.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { MAX_PHOTOS_PER_BATCH, MAX_UPLOAD_BYTES } from '@hearth/contracts';

const [port = '0', directory = '/tmp/hearth-baseline-uploads'] = process.argv.slice(2);
await mkdir(directory, { recursive: true });

const app = Fastify({ bodyLimit: 1024 * 1024 });
await app.register(multipart, {
  throwFileSizeLimit: false,
  limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_PHOTOS_PER_BATCH, fields: 10, fieldSize: 20_000, parts: 50 },
});
app.post('/upload', async (request, reply) => {
  const stored: { file: string; bytes: number }[] = [];
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const file = path.join(directory, randomUUID());
    let bytes = 0;
    part.file.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await pipeline(part.file, createWriteStream(file));
    stored.push({ file, bytes });
  }
  return reply.status(201).send({ files: stored.length });
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
