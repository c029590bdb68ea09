import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@hearth/contracts';
import { buildWorkerApp } from '../src/worker-app';
import { APP_ORIGIN, startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { createPostgresDatabase } from './helpers/database';
import { fixture } from './helpers/fixtures';
import { newProject, settledPhotos, startTrial, uploadPhotos } from './helpers/projects';
import { freePort, startServerProcess, waitForHealth, type ServerProcess } from './helpers/server-process';

describe('ROLE=worker: a server process that runs jobs and serves no API', () => {
  let worker: ServerProcess;
  let baseUrl: string;
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-worker-'));
    const database = process.env.TEST_DB === 'postgres' ? await createPostgresDatabase() : undefined;
    dropDatabase = database?.drop;
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    worker = startServerProcess({
      ROLE: 'worker',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: APP_ORIGIN,
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    await waitForHealth(port, worker);
  }, 90_000);
  afterAll(async () => {
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers GET /api/health', async () => {
    const response = await fetch(`${baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers every API route and page with a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/projects'],
      ['POST', '/api/projects'],
      ['GET', '/api/templates'],
      ['GET', '/api/usage'],
      ['GET', '/api/auth/get-session'],
      ['POST', '/api/webhooks/paddle'],
      ['GET', '/'],
      ['GET', '/dashboard'],
    ] as const) {
      const response = await fetch(`${baseUrl}${url}`, { method, headers: { origin: APP_ORIGIN } });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });
});

describe('ROLE=api and ROLE=worker on one database', () => {
  let api: TestApp;
  let worker: FastifyInstance | undefined;

  beforeAll(async () => {
    api = await startTestApp({ ROLE: 'api' });
  });
  afterAll(async () => {
    await worker?.close();
    await api.close();
  });

  it('the API leaves an uploaded photo waiting, and a worker on the same database completes it', async () => {
    const { client } = await signedInAgent(api);
    await startTrial(client);
    const project = await newProject(client);
    const upload = await uploadPhotos(client, project.id, [fixture('exterior.jpg')]);
    expect(upload.status).toBe(201);
    const photoId = upload.body.photos[0]!.id;

    // No worker yet: the API process only queued the photo.
    const waiting = await client.get<Photo[]>(`/api/projects/${project.id}/photos`);
    expect(waiting.body.map((p) => [p.id, p.status])).toEqual([[photoId, 'waiting']]);

    const config = { ...api.config, role: 'worker' as const, runsWorkers: true };
    worker = await buildWorkerApp({ config, database: api.database, logger: pino({ level: 'silent' }) });
    const photos = await settledPhotos(client, project.id);
    expect(photos.map((p) => p.status)).toEqual(['completed']);
    expect((await client.bytes(photos[0]!.enhancedUrl!)).status).toBe(200);
  }, 120_000);
});
