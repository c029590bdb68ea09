import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Photo } from '@hearth/contracts';
import { APP_ORIGIN, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { createPostgresDatabase } from './helpers/database';
import { fixture } from './helpers/fixtures';
import { newProject, projectInList, settledPhotos, startTrial, uploadPhotos, usage } from './helpers/projects';
import { freePort, startServerProcess, waitForHealth, type ServerProcess } from './helpers/server-process';

let dataDir: string;
let env: Record<string, string>;
let port: number;
let dropDatabase: (() => Promise<void>) | undefined;
const running: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-crash-'));
  port = await freePort();
  const database = process.env.TEST_DB === 'postgres' ? await createPostgresDatabase() : undefined;
  dropDatabase = database?.drop;
  env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: APP_ORIGIN,
    ...(database ? { DATABASE_URL: database.url } : {}),
    WORKER_CONCURRENCY: '1',
    QUEUE_POLL_SECONDS: '0.5',
    // A killed worker's job is run again once its expiry has passed and pg-boss has looked (every second).
    ENHANCE_JOB_EXPIRE_SECONDS: '15',
    QUEUE_MAINTENANCE_SECONDS: '1',
    ENHANCE_RETRY_LIMIT: '2',
  };
});
afterAll(async () => {
  for (const server of running) server.child.kill('SIGKILL');
  await Promise.all(running.map((s) => s.exited));
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Starts the server, as a supervisor (systemd, a container runtime) would: a process started right after a
 * crash finds the embedded database still locked by the dead one for a few seconds, exits, and is started
 * again.
 */
async function start() {
  for (let attempt = 1; ; attempt++) {
    const server = startServerProcess(env);
    running.push(server);
    try {
      await waitForHealth(port, server);
      return server;
    } catch (error) {
      if (attempt >= 20 || !/in use by another Hearth process/.test(server.output())) throw error;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** A server that stopped before the kill is a failure of its own: the error says how it ended and what it printed. */
function diedOnItsOwn(server: ServerProcess) {
  return async (error: unknown): Promise<never> => {
    const code = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r('still running'), 2000))]);
    throw new Error(
      `request failed (${String(error)}); server: ${code} ${server.child.signalCode ?? ''}\n${server.output()}`,
    );
  };
}

it('a worker killed with SIGKILL mid-batch and restarted finishes every photo, charging each image once', async () => {
  const first = await start();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { client } = await signedInAgent({ baseUrl } as TestApp);
  await startTrial(client);
  const project = await newProject(client);
  const files = [
    fixture('exterior.jpg'),
    fixture('empty-interior.jpg'),
    fixture('furnished-interior.heic'),
    fixture('portrait-exif-orientation-6.jpg'),
    fixture('furnished-interior.jpg'),
    fixture('exterior.jpg'),
    fixture('empty-interior.jpg'),
    fixture('furnished-interior.jpg'),
  ];
  expect((await uploadPhotos(client, project.id, files)).status).toBe(201);

  // Kill the process the moment a photo is being enhanced, with others still waiting.
  let atKill: Photo[] = [];
  for (;;) {
    atKill = (await client.get<Photo[]>(`/api/projects/${project.id}/photos`).catch(diedOnItsOwn(first))).body;
    if (atKill.some((p) => p.status === 'processing')) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  first.child.kill('SIGKILL');
  await first.exited;
  expect(atKill.filter((p) => p.status === 'waiting' || p.status === 'processing').length).toBeGreaterThan(1);

  await start();
  const photos = await settledPhotos(client, project.id, 150_000);
  expect(photos.map((p) => p.status)).toEqual(files.map(() => 'completed'));
  for (const photo of photos) {
    expect((await client.bytes(photo.enhancedUrl!)).status).toBe(200);
  }
  expect(await projectInList(client, project.id)).toMatchObject({
    status: 'completed',
    totalPhotos: files.length,
    processedPhotos: files.length,
    completedPhotos: files.length,
    failedPhotos: 0,
  });
  expect(await usage(client)).toMatchObject({ imagesUsed: files.length, imagesRemaining: 10 - files.length });
}, 240_000);
