import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, StorageNotFoundError, type ObjectStorage } from '../modules/storage/storage';

/** Embedded default: files under DATA_DIR/files, written to a temporary name and renamed into place. */
export function createLocalStorage(rootDir: string): ObjectStorage {
  const fullPath = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key);
  };
  return {
    async put(key, body) {
      const target = fullPath(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      try {
        await pipeline(body, createWriteStream(temporary));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      const target = fullPath(key);
      try {
        await stat(target);
      } catch {
        throw new StorageNotFoundError(key);
      }
      return createReadStream(target) as Readable;
    },
    async delete(key) {
      const target = fullPath(key);
      await rm(target, { force: true });
      // Photo folders hold only their own files: drop the folder once it is empty.
      await rmdir(path.dirname(target)).catch(() => undefined);
    },
    url: async () => null,
  };
}
