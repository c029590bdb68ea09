import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { createStorage } from '../../src/infrastructure/storage/create-storage';
import type { ObjectStorage } from '../../src/infrastructure/storage/object-storage';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/infrastructure/db/client';
import { openTestDatabase } from './database';

/** The origin the browser would send; the app's configured APP_URL. */
export const APP_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  baseUrl: string;
  close(): Promise<void>;
}

/** Builds the real app on a real database and listens on a loopback port. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: APP_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const storage = await createStorage(config.storage);
  const testApp: TestApp = {
    app,
    config,
    database,
    baseUrl: address,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  storages.set(testApp, storage);
  return testApp;
}

const storages = new WeakMap<TestApp, ObjectStorage>();

/**
 * The app's own storage (local files or the S3 bucket its environment names), for tests that run a job or the
 * sweep themselves: made by the same factory, without claiming what the app holds.
 */
export function storageOf(testApp: TestApp): ObjectStorage {
  const storage = storages.get(testApp);
  if (!storage) throw new Error('storageOf: not an app made by startTestApp');
  return storage;
}

/** The app's temporary folder. */
export const tempDirOf = (testApp: TestApp) => path.join(testApp.config.dataDir, 'tmp');
