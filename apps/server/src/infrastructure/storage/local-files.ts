import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, copyFile, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import lockfile from 'proper-lockfile';
import { FileReadStream } from './file-read-stream';
import { assertSafeKey, StorageNotFoundError, type ObjectStorage } from './object-storage';

/** Embedded default: files under DATA_DIR/files, written to a temporary name and renamed into place. */
export function createLocalStorage(rootDir: string): ObjectStorage {
  const fullPath = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key);
  };
  return {
    async put(key, body) {
      await writeInPlace(fullPath(key), (temporary) => pipeline(body, createWriteStream(temporary)));
    },
    async putFile(key, sourcePath) {
      await writeInPlace(fullPath(key), (temporary) => copyFile(sourcePath, temporary));
    },
    async get(key) {
      // Opened here, not by the stream, so that a missing file is known before the first byte is promised.
      return FileReadStream.open(fullPath(key)).catch((error: NodeJS.ErrnoException) => {
        throw isMissing(error) ? new StorageNotFoundError(key) : error;
      });
    },
    async getFile(key, targetPath) {
      const source = fullPath(key);
      await copyFile(source, targetPath).catch(async (error: NodeJS.ErrnoException) => {
        // Only a missing source is a missing object; copyFile's error names the source whichever end was missing.
        const gone =
          isMissing(error) &&
          (await access(source).then(
            () => false,
            () => true,
          ));
        throw gone ? new StorageNotFoundError(key) : error;
      });
    },
    async delete(key) {
      const target = fullPath(key);
      await rm(target, { force: true });
      // A write the process died in left its bytes beside the object: they go with it.
      const partial = (name: string) => name.startsWith(`${path.basename(target)}.`) && name.endsWith('.part');
      const siblings = await readdir(path.dirname(target)).catch(() => []);
      await Promise.all(
        siblings.filter(partial).map((name) => rm(path.join(path.dirname(target), name), { force: true })),
      );
      // Photo folders hold only their own files: drop the folder once it is empty.
      await rmdir(path.dirname(target)).catch(() => undefined);
    },
    async check() {
      // The folder is made on first use; after that, a disk unmounted or made read-only fails here.
      await mkdir(rootDir, { recursive: true });
      await access(rootDir, constants.R_OK | constants.W_OK);
    },
  };
}

/** Writes `target` under a temporary name, then renames it into place: a reader sees the old file or the new. */
async function writeInPlace(target: string, write: (temporary: string) => Promise<void>) {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${randomUUID()}.part`;
  try {
    await write(temporary);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

const isMissing = (error: NodeJS.ErrnoException) => error.code === 'ENOENT' || error.code === 'ENOTDIR';

export class StorageLockedError extends Error {}

interface Claim {
  holders: number;
  release: () => Promise<void>;
}

/** Folders this process holds, with how many holders (the API and an in-process worker app may share one). */
const claims = new Map<string, Promise<Claim>>();

/**
 * Claims the files folder for this process, as the embedded database claims its own (db/client.ts): a second
 * process writing and deleting the same files would remove photos the first one still serves (retention,
 * project deletion, a half-written upload's clean-up), and on another machine it would not see them at all.
 * The lock is `<folder>.lock`, refreshed while held and taken over once stale (a killed process). Resolves to
 * the release.
 */
export async function claimLocalFiles(rootDir: string): Promise<() => Promise<void>> {
  const folder = path.resolve(rootDir);
  let pending = claims.get(folder);
  if (!pending) {
    pending = lockFolder(folder);
    claims.set(folder, pending);
    pending.catch(() => claims.delete(folder));
  }
  const claim = await pending;
  claim.holders++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    if (--claim.holders > 0) return;
    claims.delete(folder);
    await claim.release();
  };
}

async function lockFolder(folder: string): Promise<Claim> {
  await mkdir(folder, { recursive: true });
  const release = await lockfile.lock(folder, { stale: 5_000, update: 2_000, realpath: false }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    throw new StorageLockedError(
      `The files in ${folder} are in use by another Hearth process. Stop it first, or set DATA_DIR to another ` +
        `folder. Local files and the embedded database serve one process only: to run API and worker ` +
        `processes apart (ROLE=api, ROLE=worker), use PostgreSQL (DATABASE_URL) and S3 (S3_BUCKET).`,
    );
  });
  return { holders: 0, release };
}
