import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createStorage } from '../src/infrastructure/storage/create-storage';
import { StorageNotFoundError, type ObjectStorage } from '../src/infrastructure/storage/object-storage';
import { startLoopbackS3 } from './helpers/s3-server';

/**
 * One contract, every storage the app can be given: local files (the embedded default) and an S3 bucket on a
 * real S3-compatible server (s3rver on loopback). The app's code relies on exactly these behaviours.
 */
interface Backend {
  storage: ObjectStorage;
  /** Every stored entry (files on disk, objects in the bucket), leftovers of failed writes included. */
  storedEntries(): Promise<string[]>;
  /** Makes deleting `key` fail as this storage can fail; resolves to the repair. */
  breakDeletesOf(key: string): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

async function localFiles(): Promise<Backend> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hearth-storage-'));
  return {
    storage: await createStorage({ kind: 'local', dir }),
    async storedEntries() {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
    },
    async breakDeletesOf(key) {
      // Something no unlink removes where the file is (as root, permissions would not stop it): a folder
      // holding a file. The file waits aside and comes back with the repair.
      const file = path.join(dir, key);
      const aside = `${file}.aside`;
      await rename(file, aside);
      await mkdir(file);
      await writeFile(path.join(file, 'in-the-way'), 'x');
      return async () => {
        await rm(file, { recursive: true });
        await rename(aside, file);
      };
    },
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function s3Bucket(): Promise<Backend> {
  const server = await startLoopbackS3('hearth-contract');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-storage-'));
  const storage = await createStorage(loadConfig({ DATA_DIR: dataDir, ...server.env }).storage);
  return {
    storage,
    storedEntries: () => server.objectKeys(),
    async breakDeletesOf() {
      // The service is unreachable: every request fails (after the SDK's retries) until it is back.
      await server.stop();
      return () => server.restart();
    },
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const MB = 1024 * 1024;

/** Streamed in 64 KB chunks, as a file or an upload arrives: never handed over as one buffer. */
function streamOf(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024) yield bytes.subarray(offset, offset + 64 * 1024);
    })(),
  );
}

/** Sends `bytesBeforeFailure` bytes, then fails as a client that went away mid-upload. */
function failingStream(bytesBeforeFailure: number): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < bytesBeforeFailure; sent += 256 * 1024) yield randomBytes(256 * 1024);
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('the client went away');
    })(),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const key = (name: string) => `users/u-1/photos/${name}/original`;

describe.each([
  ['local files', localFiles],
  ['an S3 bucket (s3rver on loopback)', s3Bucket],
] as const)('object storage on %s', (_name, open) => {
  let backend: Backend;
  let storage: ObjectStorage;
  beforeAll(async () => {
    backend = await open();
    storage = backend.storage;
  });
  afterAll(() => backend.close());

  it('gives back exactly what was stored, small or larger than one upload part', async () => {
    const small = randomBytes(1000);
    const large = randomBytes(27 * MB + 12345); // more parts than are sent at once
    await storage.put(key('small'), streamOf(small), 'image/jpeg');
    await storage.put(key('large'), streamOf(large), 'image/jpeg');
    expect((await readAll(await storage.get(key('small')))).equals(small)).toBe(true);
    expect((await readAll(await storage.get(key('large')))).equals(large)).toBe(true);
    // Its size is known before its bytes are sent: a download's Content-Length.
    for (const [name, bytes] of [
      ['small', small],
      ['large', large],
    ] as const) {
      const body = await storage.get(key(name));
      expect(body.byteLength, name).toBe(bytes.length);
      body.destroy();
    }
  });

  it('stores a file and writes an object to a file (putFile, getFile), refusing a key it has not', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'hearth-storage-work-'));
    try {
      const bytes = randomBytes(6 * MB + 777);
      await writeFile(path.join(work, 'made.jpg'), bytes);
      await storage.putFile(key('from-file'), path.join(work, 'made.jpg'), 'image/jpeg');
      expect((await readAll(await storage.get(key('from-file')))).equals(bytes)).toBe(true);
      await storage.getFile(key('from-file'), path.join(work, 'fetched.jpg'));
      expect((await readFile(path.join(work, 'fetched.jpg'))).equals(bytes)).toBe(true);
      await expect(storage.getFile(key('never-stored'), path.join(work, 'none.jpg'))).rejects.toBeInstanceOf(
        StorageNotFoundError,
      );
      // A target that cannot be written is not a missing object.
      const unwritable = storage.getFile(key('from-file'), path.join(work, 'no-such-folder', 'fetched.jpg'));
      await expect(unwritable).rejects.toThrow();
      await expect(unwritable).rejects.not.toBeInstanceOf(StorageNotFoundError);
      // A source that is not there fails the put, and it stores nothing.
      await expect(storage.putFile(key('no-source'), path.join(work, 'absent.jpg'), 'image/jpeg')).rejects.toThrow();
      expect((await backend.storedEntries()).filter((entry) => entry.includes('/no-source/'))).toEqual([]);
      await expect(storage.putFile('../escape', path.join(work, 'made.jpg'), 'image/jpeg')).rejects.toThrow(/unsafe/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('gives back exactly what was stored at the edges of upload parts: empty, one and two whole parts', async () => {
    for (const size of [0, 5 * MB, 10 * MB]) {
      const bytes = randomBytes(size);
      await storage.put(key(`edge-${size}`), streamOf(bytes), 'image/jpeg');
      const read = await readAll(await storage.get(key(`edge-${size}`)));
      expect(read.length, `${size} bytes`).toBe(size);
      expect(read.equals(bytes), `${size} bytes`).toBe(true);
    }
  });

  it('stores many files at once', async () => {
    // Small ones and ones of several parts, so that parts of different files are in flight together.
    const sizeOf = (i: number) => (i % 4 === 0 ? 11 * MB + i : 200_000 + i);
    const files = Array.from({ length: 12 }, (_, i) => ({ key: key(`many-${i}`), bytes: randomBytes(sizeOf(i)) }));
    await Promise.all(files.map((f) => storage.put(f.key, streamOf(f.bytes), 'image/jpeg')));
    const read = await Promise.all(files.map(async (f) => readAll(await storage.get(f.key))));
    expect(read.map((bytes, i) => bytes.equals(files[i]!.bytes))).toEqual(files.map(() => true));
  });

  it('replaces what was stored under the same key', async () => {
    await storage.put(key('replaced'), streamOf(Buffer.from('first')), 'image/jpeg');
    await storage.put(key('replaced'), streamOf(Buffer.from('second version')), 'image/jpeg');
    expect((await readAll(await storage.get(key('replaced')))).toString()).toBe('second version');
  });

  it('says when there is no such file', async () => {
    await expect(storage.get(key('never-stored'))).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('deletes, and deleting what is not there is not an error', async () => {
    await storage.put(key('deleted'), streamOf(Buffer.from('bytes')), 'image/jpeg');
    await storage.delete(key('deleted'));
    await expect(storage.get(key('deleted'))).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.delete(key('deleted'));
    await storage.delete(key('never-stored'));
    expect((await backend.storedEntries()).filter((e) => e.includes('/deleted/'))).toEqual([]);
  });

  it('refuses keys that could reach outside its place, before touching anything', async () => {
    for (const bad of ['../escape', '/etc/passwd', 'users//x', 'users/../../x', '.hidden', '']) {
      await expect(storage.put(bad, streamOf(Buffer.from('x')), 'image/jpeg'), bad).rejects.toThrow(/unsafe/);
      await expect(storage.get(bad), bad).rejects.toThrow(/unsafe/);
      await expect(storage.delete(bad), bad).rejects.toThrow(/unsafe/);
    }
  });

  it.each([
    ['within the first part', 1 * MB],
    ['after several parts', 11 * MB],
  ])('fails an upload whose stream breaks %s, leaving no file behind', async (_when, bytesBeforeFailure) => {
    const partial = key(`partial-${bytesBeforeFailure}`);
    await expect(storage.put(partial, failingStream(bytesBeforeFailure), 'image/jpeg')).rejects.toThrow(
      /the client went away/,
    );
    await expect(storage.get(partial)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect((await backend.storedEntries()).filter((e) => e.includes(`/partial-${bytesBeforeFailure}/`))).toEqual([]);
  });

  it('keeps the previous file whole when a replacing upload breaks', async () => {
    const previous = randomBytes(300_000);
    await storage.put(key('kept'), streamOf(previous), 'image/jpeg');
    await expect(storage.put(key('kept'), failingStream(6 * MB), 'image/jpeg')).rejects.toThrow(/went away/);
    expect((await readAll(await storage.get(key('kept')))).equals(previous)).toBe(true);
    expect((await backend.storedEntries()).filter((e) => e.includes('/kept/'))).toHaveLength(1);
  });

  it('fails a delete it cannot do, keeping the file, and deletes it once it can', async () => {
    const bytes = randomBytes(50_000);
    await storage.put(key('stuck'), streamOf(bytes), 'image/jpeg');
    const repair = await backend.breakDeletesOf(key('stuck'));
    await expect(storage.delete(key('stuck'))).rejects.toThrow();
    await repair();
    expect((await readAll(await storage.get(key('stuck')))).equals(bytes)).toBe(true);
    await storage.delete(key('stuck'));
    await expect(storage.get(key('stuck'))).rejects.toBeInstanceOf(StorageNotFoundError);
  }, 60_000);

  it('answers check() (readiness) without writing anything', async () => {
    const before = await backend.storedEntries();
    await expect(storage.check()).resolves.toBeUndefined();
    expect(await backend.storedEntries()).toEqual(before);
  });
});

describe('object storage on S3, beyond the contract', () => {
  it('fails an upload whose parts cannot be sent (the service gone mid-upload), publishing no object', async () => {
    const server = await startLoopbackS3('hearth-gone');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-storage-'));
    try {
      const storage = await createStorage(loadConfig({ DATA_DIR: dataDir, ...server.env }).storage);
      // Two parts' worth arrive, then the service goes away while the client is still sending.
      const body = Readable.from(
        (async function* () {
          for (let sent = 0; sent < 24 * MB; sent += 256 * 1024) {
            if (sent === 12 * MB) await server.stop();
            yield randomBytes(256 * 1024);
          }
        })(),
      );
      await expect(storage.put(key('gone'), body, 'image/jpeg')).rejects.toThrow(/Could not store/);
      await server.restart();
      await expect(storage.get(key('gone'))).rejects.toBeInstanceOf(StorageNotFoundError);
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('treats a bucket that does not exist as a failure, never as a missing file', async () => {
    const server = await startLoopbackS3('hearth-exists');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-storage-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, ...server.env, S3_BUCKET: 'hearth-missing' });
      const storage = await createStorage(config.storage);
      const get = storage.get(key('any'));
      await expect(get).rejects.toThrow(/Could not read users\/u-1\/photos\/any\/original in the S3 bucket/);
      await expect(get).rejects.not.toBeInstanceOf(StorageNotFoundError);
      await expect(storage.delete(key('any'))).rejects.toThrow(/Could not delete/);
      await expect(storage.check()).rejects.toThrow(/The S3 bucket hearth-missing does not answer/);
      await expect(storage.put(key('any'), streamOf(Buffer.from('x')), 'image/jpeg')).rejects.toThrow(
        /Could not store/,
      );
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
