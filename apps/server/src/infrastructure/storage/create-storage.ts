import type { S3Settings } from './config';
import type { StorageConfig } from './config';
import { claimLocalFiles, createLocalStorage } from './local-files';
import type { ObjectStorage } from './object-storage';

export { describeStorage, type StorageConfig } from './config';
export { StorageLockedError } from './local-files';

/** The storage picked by the environment (config.storage), held by one app of this process until closed. */
export interface OpenStorage {
  storage: ObjectStorage;
  close(): Promise<void>;
}

/**
 * For a process that serves or runs jobs: local files are claimed for this process first (StorageLockedError
 * when another process holds them); an S3 bucket is shared by every process, and closing frees its connections.
 */
export async function openStorage(config: StorageConfig): Promise<OpenStorage> {
  if (config.kind === 'local') {
    const release = await claimLocalFiles(config.dir);
    return { storage: createLocalStorage(config.dir), close: release };
  }
  const s3 = await s3Storage(config);
  return { storage: s3, close: async () => s3.close() };
}

/**
 * The same storage without claiming it, for code running beside an app that holds it (tests, maintenance
 * scripts in the same process).
 */
export async function createStorage(config: StorageConfig): Promise<ObjectStorage> {
  return config.kind === 'local' ? createLocalStorage(config.dir) : s3Storage(config);
}

/** The AWS SDK is loaded only when a bucket is configured: the embedded default starts without it. */
async function s3Storage(settings: S3Settings) {
  const { createS3Storage } = await import('../../adapters/s3-storage');
  return createS3Storage(settings);
}
