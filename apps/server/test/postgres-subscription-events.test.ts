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
import { createPostgresDatabase } from './helpers/database';
import { cookieOf, openStream } from './helpers/sse';

// Runs in the postgres project only (vitest.config.ts): LISTEN/NOTIFY needs a PostgreSQL server.
describe('subscription events across API processes on PostgreSQL', () => {
  it('an event applied by one process reaches a stream held by another', async () => {
    const { url, drop } = await createPostgresDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-sse-'));
    const apps = [];
    try {
      for (const role of ['api', 'api'] as const) {
        const config = loadConfig({
          NODE_ENV: 'test',
          ROLE: role,
          DATA_DIR: dataDir,
          APP_URL: APP_ORIGIN,
          AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
          DATABASE_URL: url,
          LOG_LEVEL: 'silent',
          WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        });
        const database = await openDatabase({ kind: 'postgres', url });
        await database.migrate();
        const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
        app.addHook('onClose', async () => database.close());
        apps.push({ app, baseUrl: await app.listen({ port: 0, host: '127.0.0.1' }), config, database });
      }
      const [first, second] = apps as [(typeof apps)[0], (typeof apps)[0]];
      const agent = await signedInAgent({ ...first, close: async () => undefined });
      const stream = await openStream(second.baseUrl, { cookie: cookieOf(agent.client) });
      expect(stream.status).toBe(200);
      await stream.next('connected');

      // The checkout and its webhook run in the first process.
      const checkout = await agent.client.post('/api/payment-sandbox/checkout', { priceId: 'pri_local_elite' });
      expect(checkout.status).toBe(201);
      expect((await stream.next('subscription.updated')).data?.planName).toBe('Elite');
      stream.close();
    } finally {
      for (const { app } of apps) await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
