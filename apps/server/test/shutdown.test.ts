import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Photo } from '@hearth/contracts';
import { openDatabase } from '../src/infrastructure/db/client';
import { APP_ORIGIN, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { createPostgresDatabase } from './helpers/database';
import { startLoopbackS3 } from './helpers/s3-server';
import { stagedGeminiAnswer } from './helpers/staged-answer';
import { FakeVendor, type RecordedRequest, type Reply } from './helpers/fake-vendor';
import { fixture } from './helpers/fixtures';
import { newProject, settledPhotos, startTrial, uploadPhotos, usage } from './helpers/projects';
import { freePort, startServerProcess, waitForHealth, type ServerProcess } from './helpers/server-process';

/**
 * SIGTERM while a photo is being staged, on a real server process: the process stops taking requests and
 * jobs, lets the photo finish within SHUTDOWN_GRACE_SECONDS or hands it straight back to the queue, closes
 * the database last and exits 0; the next worker starts a handed-back photo at once. The job expiry and the
 * stalled-photo check are set far beyond the test's own timeout, so neither can be what finishes the photo.
 */

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The staged answer: the photo sent, as Gemini would send it back. */
const stagedAnswer = stagedGeminiAnswer;

async function setup(firstAnswer: (request: RecordedRequest) => Promise<Reply>, graceSeconds: number) {
  let answered = 0;
  const vendor = new FakeVendor((request) => (answered++ === 0 ? firstAnswer(request) : stagedAnswer(request)));
  await vendor.start();
  cleanups.push(() => vendor.close());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-shutdown-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const postgres = process.env.TEST_DB === 'postgres' ? await createPostgresDatabase() : undefined;
  if (postgres) cleanups.push(() => postgres.drop());
  // Two processes share photos only through a bucket: local files belong to one process (decision 072).
  const s3 = postgres ? await startLoopbackS3() : undefined;
  if (s3) cleanups.push(() => s3.close());
  const port = await freePort();
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: APP_ORIGIN,
    LOG_LEVEL: 'info',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...(s3?.env ?? {}),
    GEMINI_API_KEY: 'test-gemini-key',
    GEMINI_BASE_URL: vendor.baseUrl,
    AI_MAX_RETRIES: '0',
    WORKER_CONCURRENCY: '1',
    AI_CONCURRENCY: '1',
    QUEUE_POLL_SECONDS: '0.5',
    ENHANCE_JOB_EXPIRE_SECONDS: '900',
    STALL_CHECK_SECONDS: '900',
    SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
  };
  const running: ServerProcess[] = [];
  cleanups.push(async () => {
    for (const server of running) server.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
  });
  async function start(onPort = port) {
    // Each process its own folder: with PostgreSQL and S3 nothing of a photo is kept there.
    const ownDataDir = onPort === port ? dataDir : mkdtempSync(path.join(tmpdir(), 'hearth-shutdown-'));
    if (ownDataDir !== dataDir) cleanups.push(() => rmSync(ownDataDir, { recursive: true, force: true }));
    const server = startServerProcess({ ...env, DATA_DIR: ownDataDir, PORT: String(onPort) });
    running.push(server);
    await waitForHealth(onPort, server);
    return server;
  }
  /** The database as the server left it (the server must have exited: PGlite has one owner). */
  async function inspect<T>(read: (query: (text: string, params?: unknown[]) => Promise<unknown[]>) => Promise<T>) {
    const database = await openDatabase(
      postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    );
    try {
      return await read(async (text, params) => (await database.query(text, params)).rows);
    } finally {
      await database.close();
    }
  }
  const server = await start();
  const { client } = await signedInAgent({ baseUrl: `http://127.0.0.1:${port}` } as TestApp);
  await startTrial(client);
  const project = await newProject(client);
  const upload = await uploadPhotos(client, project.id, [fixture('empty-interior.jpg')], { templateId: 'living-room' });
  expect(upload.status).toBe(201);
  const photo = upload.body.photos[0]!;
  // The photo is with the provider: its job is running.
  await expect.poll(() => vendor.requests.length, { timeout: 90_000, interval: 100 }).toBe(1);
  return { server, start, inspect, client, project, photo, port, vendor, postgres: Boolean(postgres) };
}

const CLEAN_EXIT_PROBLEMS = /Cannot use a pool|after calling end|pool ended|unhandled|uncaught|ECONNREFUSED/i;

it('hands a photo still running after the grace period straight back, exits 0, and the next worker runs it at once', async () => {
  // The provider never answers the first call.
  const { server, start, inspect, client, project, photo, vendor, postgres } = await setup(
    async () => ({ hang: true }),
    1,
  );
  const photoState = () =>
    inspect(async (query) => {
      const [row] = (await query('select id, status, job_id as enhance_job_id from photo_version where photo_id = $1', [
        photo.id,
      ])) as { id: string; status: string; enhance_job_id: string }[];
      const jobs = (await query(
        `select id, state, start_after <= now() as startable from pgboss.job
          where name = 'photo.enhance' and data->>'versionId' = $1 order by created_on`,
        [row!.id],
      )) as { id: string; state: string; startable: boolean }[];
      return { photo: row!, jobs };
    });
  // With PostgreSQL another worker process is already running, idle: it takes the photo as it is handed back.
  if (postgres) await start(await freePort());

  server.child.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);
  expect(server.output()).not.toMatch(CLEAN_EXIT_PROBLEMS);
  expect(server.output()).toMatch(/job handed back to the queue at shutdown/);

  if (postgres) {
    // The photo is marked completed inside the job; the queue records the job's completion just after.
    await expect
      .poll(
        async () => {
          const { photo, jobs } = await photoState();
          return [photo.status, ...jobs.map((j) => j.state)];
        },
        { timeout: 120_000, interval: 250 },
      )
      .toEqual(['completed', 'cancelled', 'completed']);
    const state = await photoState();
    expect(state.jobs[1]!.id).toBe(state.photo.enhance_job_id);
    await start();
  } else {
    // Back in the queue, waiting to start now, under a new job: not running until its expiry.
    const state = await photoState();
    expect(state.photo.status).toBe('waiting');
    expect(state.jobs.map((j) => j.state)).toEqual(['cancelled', 'created']);
    expect(state.jobs[1]).toMatchObject({ id: state.photo.enhance_job_id, startable: true });
    await start();
  }
  const [finished] = await settledPhotos(client, project.id, 120_000);
  expect(finished).toMatchObject({ id: photo.id, status: 'completed' });
  expect(vendor.requests).toHaveLength(2);
  expect(await usage(client)).toMatchObject({ imagesUsed: 1 });
}, 300_000);

it('lets a photo finish within the grace period, refusing new requests meanwhile, then exits 0', async () => {
  let answerFirst: () => void = () => undefined;
  const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
  const { server, start, client, project, photo, port, vendor } = await setup(async (request) => {
    await firstAnswered;
    return stagedAnswer(request);
  }, 120);

  server.child.kill('SIGTERM');
  // No new requests once shutting down...
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.status,
          () => 'refused',
        ),
      { timeout: 60_000, interval: 100 },
    )
    .toBe('refused');
  expect(server.child.exitCode).toBeNull();
  // ...while the running photo may still finish.
  answerFirst();
  expect(await server.exited, server.output()).toBe(0);
  expect(server.output()).not.toMatch(CLEAN_EXIT_PROBLEMS);

  await start();
  const photos: Photo[] = await settledPhotos(client, project.id, 60_000);
  expect(photos).toMatchObject([{ id: photo.id, status: 'completed' }]);
  expect(vendor.requests).toHaveLength(1);
  expect(await usage(client)).toMatchObject({ imagesUsed: 1 });
}, 300_000);
