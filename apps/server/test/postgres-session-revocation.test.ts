import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/infrastructure/db/client';
import { APP_ORIGIN } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { type ApiClient } from './helpers/client';
import { createPostgresDatabase } from './helpers/database';

/** Asks until the answer is `status`, as a person retrying would; gives up after `tries`. */
async function eventually(client: ApiClient, url: string, status: number, tries = 50) {
  let last = 0;
  for (let i = 0; i < tries; i++) {
    last = (await client.get(url)).status;
    if (last === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}

// Runs in the postgres project only: the sign-out travels to the other process through NOTIFY.
describe('a sign-out in one API process reaches the session cache of another', () => {
  it('the other process stops accepting the cached session long before its time to live', async () => {
    const { url, drop } = await createPostgresDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-sessions-'));
    const apps = [];
    try {
      for (let i = 0; i < 2; i++) {
        const config = loadConfig({
          NODE_ENV: 'test',
          ROLE: 'api',
          DATA_DIR: dataDir,
          APP_URL: APP_ORIGIN,
          AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
          DATABASE_URL: url,
          LOG_LEVEL: 'silent',
          WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
          // A minute: only the event can explain a refusal within the test's few seconds.
          SESSION_CACHE_SECONDS: '60',
        });
        const database = await openDatabase({ kind: 'postgres', url });
        await database.migrate();
        const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
        app.addHook('onClose', async () => database.close());
        apps.push({ app, baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }), config, database });
      }
      const [first, second] = apps as [(typeof apps)[0], (typeof apps)[0]];
      const agent = await signedInAgent({ ...first, close: async () => undefined });
      const elsewhere = Object.assign(
        Object.create(Object.getPrototypeOf(agent.client) as object) as ApiClient,
        structuredClone(agent.client),
      );
      (elsewhere as unknown as { baseUrl: string }).baseUrl = second.baseUrl;
      for (let i = 0; i < 3; i++) expect((await elsewhere.get('/api/projects')).status).toBe(200);

      expect((await agent.client.post('/api/auth/sign-out', {})).status).toBe(200);
      expect(await eventually(elsewhere, '/api/projects', 401)).toBe(401);
    } finally {
      for (const { app } of apps) await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
