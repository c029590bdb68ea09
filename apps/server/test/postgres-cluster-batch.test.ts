import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/infrastructure/db/client';
import { APP_ORIGIN, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { createPostgresDatabase } from './helpers/database';
import { FakeVendor } from './helpers/fake-vendor';
import { fixture } from './helpers/fixtures';
import { newProject, settledPhotos, startTrial, uploadPhotos, usage } from './helpers/projects';
import { cookieOf, openStream } from './helpers/sse';
import { startLoopbackS3, type LoopbackS3 } from './helpers/s3-server';
import { stagedGeminiAnswer } from './helpers/staged-answer';
import { freePort, startServerProcess, waitForHealth, type ServerProcess } from './helpers/server-process';

/**
 * Issue 15's proof, on real processes: PostgreSQL, a loopback S3 bucket, two ROLE=api processes behind a
 * round-robin proxy and ROLE=worker processes. A 30-photo batch goes in through both APIs; worker 1 is killed
 * with SIGKILL mid-batch and worker 2 finishes. Every photo ends completed or failed with its image given back,
 * none is charged twice or left unfinished, the live stream on API 2 hears the work worker 1 did, and no
 * process keeps a photo file on its own disk.
 */

const PHOTOS_PER_UPLOAD = 15;
const PROVIDER_MS = 400;

let inFlight = 0;
const vendor = new FakeVendor(async (request) => {
  inFlight++;
  try {
    await new Promise((resolve) => setTimeout(resolve, PROVIDER_MS));
    return await stagedGeminiAnswer(request);
  } finally {
    inFlight--;
  }
});

let postgres: { url: string; drop: () => Promise<void> };
let s3: LoopbackS3;
let database: Database;
const dataDirs: string[] = [];
const processes: ServerProcess[] = [];
let proxy: { baseUrl: string; hits: Map<number, number>; close: () => Promise<void> };

async function startMember(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hearth-cluster-batch-'));
  dataDirs.push(dataDir);
  const member = startServerProcess({
    DATABASE_URL: postgres.url,
    ...s3.env,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'cluster-batch-secret-cluster-batch-secret',
    APP_URL: APP_ORIGIN,
    HOST: '127.0.0.1',
    PORT: String(port),
    GEMINI_API_KEY: 'test-gemini-key',
    GEMINI_BASE_URL: vendor.baseUrl,
    AI_IMAGES_PER_MINUTE: '6000',
    AI_MAX_RETRIES: '0',
    AI_CONCURRENCY: '2',
    WORKER_CONCURRENCY: '1',
    QUEUE_POLL_SECONDS: '0.5',
    // A killed worker's jobs expire and go to the other worker within about half a minute.
    ENHANCE_JOB_EXPIRE_SECONDS: '20',
    QUEUE_MAINTENANCE_SECONDS: '2',
    STALL_CHECK_SECONDS: '5',
    ...env,
  });
  processes.push(member);
  await waitForHealth(port, member, 120_000);
  return { port, baseUrl: `http://127.0.0.1:${port}`, process: member };
}

/** Sends each request to the next API process in turn, streaming both ways. */
async function startRoundRobinProxy(ports: number[]) {
  let next = 0;
  const hits = new Map<number, number>();
  const server = http.createServer((request, response) => {
    const port = ports[next++ % ports.length]!;
    hits.set(port, (hits.get(port) ?? 0) + 1);
    const upstream = http.request(
      { host: '127.0.0.1', port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const query = async <T>(text: string, params: unknown[] = []) => (await database.query(text, params)).rows as T[];

let apiA: Awaited<ReturnType<typeof startMember>>;
let apiB: Awaited<ReturnType<typeof startMember>>;
let worker1: Awaited<ReturnType<typeof startMember>>;

beforeAll(async () => {
  await vendor.start();
  postgres = await createPostgresDatabase();
  s3 = await startLoopbackS3();
  apiA = await startMember({ ROLE: 'api' }); // migrates the empty database first
  [apiB, worker1] = await Promise.all([startMember({ ROLE: 'api' }), startMember({ ROLE: 'worker' })]);
  proxy = await startRoundRobinProxy([apiA.port, apiB.port]);
  database = await openDatabase({ kind: 'postgres', url: postgres.url });
}, 300_000);

afterAll(async () => {
  const running = processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
  for (const member of running) member.child.kill('SIGKILL');
  await Promise.all(running.map((p) => p.exited));
  await proxy?.close();
  await database?.close();
  await vendor.close();
  await postgres?.drop();
  await s3?.close();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

it('finishes a 30-photo batch through two APIs after a worker is killed mid-batch, charging each image once', async () => {
  const agent = await signedInAgent({ baseUrl: proxy.baseUrl } as TestApp);
  const { client } = agent;
  await startTrial(client);
  // The trial's 10 images are too few for the batch: this account may use 100.
  await query(
    `update usage_period set images_included = 100 where user_id = (select id from "user" where email = $1)`,
    [agent.email],
  );
  const stream = await openStream(apiB.baseUrl, { cookie: cookieOf(client) });
  await stream.next('connected');

  const project = await newProject(client);
  const hitsBefore = new Map(proxy.hits);
  const uploads = [];
  for (let i = 0; i < 2; i++) {
    const files = Array.from({ length: PHOTOS_PER_UPLOAD }, (_, n) => ({
      ...fixture('empty-interior.jpg'),
      name: `room-${i}-${n}.jpg`,
    }));
    const upload = await uploadPhotos(client, project.id, files, { templateId: 'living-room' });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    uploads.push(upload.body.photos.map((p) => p.id));
  }
  // The two uploads went to different API processes.
  for (const api of [apiA, apiB]) expect((proxy.hits.get(api.port) ?? 0) - (hitsBefore.get(api.port) ?? 0)).toBe(1);

  // Worker 1, the only worker so far, makes a few versions; API 2's stream hears of them through PostgreSQL.
  const completedOnStream = () =>
    stream.messages.filter((m) => m.type === 'photo.updated' && m.data?.status === 'completed');
  await expect.poll(() => completedOnStream().length, { timeout: 120_000, interval: 100 }).toBeGreaterThanOrEqual(5);
  const heardFromWorker1 = new Set(completedOnStream().map((m) => m.data!.photoId));
  // Killed while it has provider calls in flight.
  await expect.poll(() => inFlight, { timeout: 30_000, interval: 20 }).toBeGreaterThan(0);
  worker1.process.child.kill('SIGKILL');
  await worker1.process.exited;

  await startMember({ ROLE: 'worker' });
  const photos = await settledPhotos(client, project.id, 240_000);
  expect(photos).toHaveLength(2 * PHOTOS_PER_UPLOAD);
  expect(photos.every((p) => p.status === 'completed' || p.status === 'failed')).toBe(true);

  // Nothing left unfinished, and exactly one image charged per version that was made.
  const versions = await query<{ status: string; quota_returned: boolean }>(
    `select v.status, v.quota_returned from photo_version v join photo p on p.id = v.photo_id where p.project_id = $1`,
    [project.id],
  );
  expect(versions).toHaveLength(2 * PHOTOS_PER_UPLOAD);
  expect(versions.filter((v) => v.status !== 'completed' && v.status !== 'failed')).toEqual([]);
  expect(versions.filter((v) => v.status === 'failed' && !v.quota_returned)).toEqual([]);
  const completed = versions.filter((v) => v.status === 'completed').length;
  expect(await usage(client)).toMatchObject({ imagesUsed: completed });

  // What API 2's stream heard before the kill was worker 1's work, on this batch's photos.
  const batch = new Set(uploads.flat());
  expect([...heardFromWorker1].every((id) => id !== undefined && batch.has(id))).toBe(true);
  // Every finished version's files are in the bucket, and no process wrote a photo file to its own disk.
  const keys = await s3.objectKeys();
  for (const photo of photos.filter((p) => p.status === 'completed')) {
    expect(keys.some((key) => key.includes(`/photos/${photo.id}/version-`))).toBe(true);
  }
  for (const dataDir of dataDirs) expect(existsSync(path.join(dataDir, 'files'))).toBe(false);
}, 600_000);
