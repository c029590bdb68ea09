import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, get, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { zipStream } from '../archive/zip';
import { LENT_CHUNK_BYTES as READ_CHUNK_BYTES } from '../http/lent-chunks';
import { FileReadStream } from './file-read-stream';

let dir: string;
let server: Server;
let baseUrl: string;
/** Files by name; sizes chosen around the chunk size (a partial last chunk, an exact multiple, empty). */
const files = new Map<string, Buffer>();

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'file-read-stream-'));
  const sizes = {
    a: 5 * READ_CHUNK_BYTES + 12_345,
    b: 3 * READ_CHUNK_BYTES,
    c: 1,
    empty: 0,
    d: 2 * READ_CHUNK_BYTES - 1,
    large: 48 * READ_CHUNK_BYTES + 7,
  };
  for (const [name, size] of Object.entries(sizes)) {
    const bytes = randomBytes(size);
    files.set(name, bytes);
    await writeFile(path.join(dir, name), bytes);
  }
  // The way Fastify sends a stream: headers set, then the stream piped into the response.
  server = createServer((request, response) => {
    if (request.url === '/all.zip') {
      const entries = [...files.keys()].map((name) => ({
        name,
        modifiedAt: new Date(),
        open: () => FileReadStream.open(path.join(dir, name)),
      }));
      zipStream([...entries, ...entries.map((entry) => ({ ...entry, name: `again-${entry.name}` }))]).pipe(response);
      return;
    }
    void FileReadStream.open(path.join(dir, request.url!.slice(1))).then((stream) => {
      response.setHeader('content-length', stream.byteLength);
      stream.pipe(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** Downloads a file; `pauseMs` stops reading after the first chunk, so the server's writes back up meanwhile. */
function download(name: string, pauseMs = 0): Promise<{ body: Buffer; length: string | undefined }> {
  return new Promise((resolve, reject) => {
    get(`${baseUrl}/${name}`, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        if (chunks.length === 1 && pauseMs) {
          response.pause();
          setTimeout(() => response.resume(), pauseMs);
        }
      });
      response.on('end', () => resolve({ body: Buffer.concat(chunks), length: response.headers['content-length'] }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe('FileReadStream', () => {
  it('sends every byte of each file into a response, with its length', async () => {
    for (const [name, bytes] of files) {
      const { body, length } = await download(name);
      expect(length).toBe(String(bytes.length));
      expect(body.equals(bytes)).toBe(true);
    }
  });

  it('keeps downloads running side by side apart while they reuse buffers', async () => {
    // Many at once and one after another, so that buffers go back to the pool and out again mid-flight.
    const names = Array.from({ length: 24 }, (_, i) => ['a', 'b', 'd', 'c'][i % 4]!);
    const results = await Promise.all(names.map((name) => download(name)));
    results.forEach(({ body }, i) => expect(body.equals(files.get(names[i]!)!)).toBe(true));
  });

  it('refills a buffer only once the socket has taken its bytes, however slowly the client reads', async () => {
    const slow = await Promise.all([download('large', 300), download('large', 150), download('a')]);
    expect(slow[0].body.equals(files.get('large')!)).toBe(true);
    expect(slow[1].body.equals(files.get('large')!)).toBe(true);
    expect(slow[2].body.equals(files.get('a')!)).toBe(true);
  });

  it('sends a ZIP of stored files whose entries are their bytes, however slowly the client reads', async () => {
    const [slow, fast, photo] = await Promise.all([download('all.zip', 300), download('all.zip'), download('d')]);
    for (const zip of [slow.body, fast.body]) {
      const entries = await unzip(zip);
      expect(entries.size).toBe(2 * files.size);
      for (const [name, bytes] of files) {
        expect(entries.get(name)?.equals(bytes), name).toBe(true);
        expect(entries.get(`again-${name}`)?.equals(bytes), name).toBe(true);
      }
    }
    expect(photo.body.equals(files.get('d')!)).toBe(true);
  });

  it('reads the same bytes when iterated instead of piped into a response', async () => {
    const stream = await FileReadStream.open(path.join(dir, 'a'));
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(files.get('a')!)).toBe(true);
    // Each chunk is its own memory when the reader may keep it.
    expect(new Set(chunks.map((chunk) => chunk.buffer)).size).toBe(chunks.length);
  });

  it('rejects a missing file as fs.open does', async () => {
    await expect(FileReadStream.open(path.join(dir, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('stops and closes the file when the client goes away midway', async () => {
    const closed = new Promise<void>((resolve) => {
      const aborting = createServer((_request, response) => {
        void FileReadStream.open(path.join(dir, 'a')).then((stream) => {
          stream.on('close', resolve);
          stream.pipe(response);
          response.on('close', () => stream.destroy());
        });
      });
      aborting.listen(0, '127.0.0.1', () => {
        const request = get(`http://127.0.0.1:${(aborting.address() as AddressInfo).port}/`, (response) => {
          response.once('data', () => request.destroy());
        });
        request.on('error', () => undefined);
        request.on('close', () => aborting.close());
      });
    });
    await closed;
    // Later downloads still get their own bytes.
    expect((await download('a')).body.equals(files.get('a')!)).toBe(true);
  });
});

async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of archive.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await archive.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  return entries;
}
