import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/infrastructure/db/client';
import { APP_ORIGIN, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { openTestDatabase } from './helpers/database';
import { fixture } from './helpers/fixtures';
import { newProject, startTrial, uploadPhotos } from './helpers/projects';

let database: Database;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-queue-settings-'));
});
afterAll(async () => {
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Boots the app on the same database, as a restart with a changed environment does. */
async function boot(env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: APP_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Workers off: the queued job stays as the queue made it.
    ROLE: 'api',
    ...env,
  });
  const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, baseUrl };
}

async function queueDefinition() {
  const { rows } = await database.query(
    `select retry_limit, expire_seconds from pgboss.queue where name = 'photo.enhance'`,
  );
  return rows[0];
}

it('ENHANCE_JOB_EXPIRE_SECONDS and ENHANCE_RETRY_LIMIT changed after the first boot apply to new photo jobs', async () => {
  const first = await boot({ ENHANCE_JOB_EXPIRE_SECONDS: '300', ENHANCE_RETRY_LIMIT: '2' });
  await first.app.close();
  expect(await queueDefinition()).toEqual({ retry_limit: 2, expire_seconds: 300 });

  const second = await boot({ ENHANCE_JOB_EXPIRE_SECONDS: '45', ENHANCE_RETRY_LIMIT: '5' });
  try {
    expect(await queueDefinition()).toEqual({ retry_limit: 5, expire_seconds: 45 });

    const { client } = await signedInAgent({ baseUrl: second.baseUrl } as TestApp);
    await startTrial(client);
    const project = await newProject(client);
    const upload = await uploadPhotos(client, project.id, [fixture('exterior.jpg')]);
    expect(upload.status).toBe(201);
    const photoId = upload.body.photos[0]!.id;
    const { rows } = await database.query(
      `select retry_limit, extract(epoch from expire_in)::int as expire_seconds
         from pgboss.job where name = 'photo.enhance'
          and data->>'versionId' in (select id::text from photo_version where photo_id = $1)`,
      [photoId],
    );
    expect(rows).toEqual([{ retry_limit: 5, expire_seconds: 45 }]);
  } finally {
    await second.app.close();
  }
});
