import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/infrastructure/db/client';
import { MAX_STREAMS_PER_USER, STREAM_LEASE_SECONDS } from '../src/modules/events/subscription-stream';
import { APP_ORIGIN, type TestApp } from './helpers/app';
import { PASSWORD, signedInAgent } from './helpers/accounts';
import { ApiClient } from './helpers/client';
import { createPostgresDatabase } from './helpers/database';
import { FakeVendor, type RecordedRequest } from './helpers/fake-vendor';
import { fixture } from './helpers/fixtures';
import { newProject, settledPhotos, startTrial, uploadPhotos } from './helpers/projects';
import { cookieOf, openStream } from './helpers/sse';
import { startLoopbackS3, type LoopbackS3 } from './helpers/s3-server';
import { sampleValue, stagedGeminiAnswer } from './helpers/staged-answer';
import { freePort, startServerProcess, waitForHealth, type ServerProcess } from './helpers/server-process';

/**
 * Limits that must hold for the whole cluster, not per process, proven on real processes sharing one
 * PostgreSQL database: two ROLE=api processes (A and B) and two ROLE=worker processes (W1 and W2).
 * - the sign-in throttle (table sign_in_counter): failures on A and on B add up;
 * - the providers' images-per-minute limit (table ai_rate_limits): calls from W1 and W2 are spaced as one;
 * - the live-update streams per user (table event_stream): 5 across A and B, and a process killed with
 *   SIGKILL stops holding its users' places once its leases run out.
 * Then each role shuts down on SIGTERM as decision 041 says: exit 0, a running job handed back, streams
 * ended and their places freed.
 *
 * The photo files are in a bucket of a loopback S3 server; each process has a DATA_DIR of its own.
 */

const IMAGES_PER_MINUTE = 12; // one call every 5 s, cluster-wide
const SLOT_SECONDS = 60 / IMAGES_PER_MINUTE;
const METRICS_TOKEN = 'cluster-test-metrics-token-0123';
const CLEAN_EXIT_PROBLEMS = /Cannot use a pool|after calling end|pool ended|unhandled|uncaught|ECONNREFUSED/i;

let hangNextCall = false;
/** When each provider call arrived, by this process's clock. */
const arrivals: number[] = [];
const vendor = new FakeVendor(async (request: RecordedRequest) => {
  arrivals.push(Date.now());
  if (hangNextCall) return { hang: true };
  return stagedGeminiAnswer(request);
});

interface Member {
  name: string;
  port: number;
  baseUrl: string;
  process: ServerProcess;
}

let postgres: { url: string; drop: () => Promise<void> };
let s3: LoopbackS3;
let database: Database;
const dataDirs: string[] = [];
const members: Record<'a' | 'b' | 'w1' | 'w2', Member> = {} as never;

async function startMember(name: keyof typeof members, env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `hearth-cluster-${name}-`));
  dataDirs.push(dataDir);
  const process = startServerProcess({
    DATABASE_URL: postgres.url,
    ...s3.env,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'cluster-test-secret-cluster-test-secret-0123',
    APP_URL: APP_ORIGIN,
    HOST: '127.0.0.1',
    PORT: String(port),
    METRICS_TOKEN,
    SIGNIN_FREE_FAILURES_PER_ADDRESS: '2',
    GEMINI_API_KEY: 'test-gemini-key',
    GEMINI_BASE_URL: vendor.baseUrl,
    AI_IMAGES_PER_MINUTE: String(IMAGES_PER_MINUTE),
    AI_MAX_RETRIES: '0',
    WORKER_CONCURRENCY: '1',
    AI_CONCURRENCY: '1',
    QUEUE_POLL_SECONDS: '0.5',
    SHUTDOWN_GRACE_SECONDS: '1',
    ...env,
  });
  members[name] = { name, port, baseUrl: `http://127.0.0.1:${port}`, process };
  await waitForHealth(port, process, 90_000);
}

const asTestApp = (member: Member) => ({ baseUrl: member.baseUrl }) as TestApp;
const query = async <T>(text: string, params: unknown[] = []) => (await database.query(text, params)).rows as T[];

beforeAll(async () => {
  await vendor.start();
  postgres = await createPostgresDatabase();
  s3 = await startLoopbackS3();
  // A migrates the empty database first; the others start on it together.
  await startMember('a', { ROLE: 'api' });
  await Promise.all([
    startMember('b', { ROLE: 'api' }),
    // Info: a worker logs the jobs it hands back at shutdown.
    startMember('w1', { ROLE: 'worker', LOG_LEVEL: 'info' }),
    startMember('w2', { ROLE: 'worker', LOG_LEVEL: 'info' }),
  ]);
  database = await openDatabase({ kind: 'postgres', url: postgres.url });
}, 180_000);

afterAll(async () => {
  const running = Object.values(members).filter((m) => m.process.child.exitCode === null);
  for (const member of running) member.process.child.kill('SIGKILL');
  await Promise.all(running.map((m) => m.process.exited));
  await database?.close();
  await vendor.close();
  await postgres?.drop();
  await s3?.close();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

describe('a cluster of two API and two worker processes on one PostgreSQL', () => {
  let agent: Awaited<ReturnType<typeof signedInAgent>>;
  beforeAll(async () => {
    agent = await signedInAgent(asTestApp(members.a));
    await startTrial(agent.client);
  });

  it('counts failed sign-ins on both API processes together', async () => {
    const attempt = (member: Member, password: string) =>
      new ApiClient(member.baseUrl).post('/api/auth/sign-in/email', { email: agent.email, password });
    // SIGNIN_FREE_FAILURES_PER_ADDRESS=2: one wrong password on each process uses both.
    expect((await attempt(members.a, 'Wrong-Guess-1')).status).toBe(401);
    expect((await attempt(members.b, 'Wrong-Guess-2')).status).toBe(401);
    for (const member of [members.a, members.b]) {
      const refused = await attempt(member, PASSWORD);
      expect(refused.status, member.name).toBe(429);
      expect(refused.body.message).toMatch(/^Too many failed sign-in attempts\. Please wait 1 minute/);
    }
  });

  it("spaces the two workers' provider calls as one images-per-minute limit", async () => {
    const project = await newProject(agent.client);
    const clientOn = (member: Member) => {
      const client = new ApiClient(member.baseUrl);
      client.bearer = agent.token; // the same session, on whichever process
      return client;
    };
    // Two photos through each API process: W1 and W2 take them as they come.
    for (const member of [members.a, members.b]) {
      const photos = [fixture('empty-interior.jpg'), fixture('empty-interior.jpg')];
      const upload = await uploadPhotos(clientOn(member), project.id, photos, { templateId: 'living-room' });
      expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    }
    const photos = await settledPhotos(agent.client, project.id, 180_000);
    expect(photos.map((p) => p.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(arrivals).toHaveLength(4);

    // Both workers called the provider (each has room for 3 photos, so neither can take all 4 at once)...
    // A photo reads as completed a moment before its worker counts the job, so scrape until all four are counted.
    const countsOf = async (member: Member) => {
      const text = await scrape(member);
      const calls = sampleValue(text, 'hearth_provider_call_duration_seconds_count', {
        vendor: 'gemini',
        outcome: 'ok',
        role: 'worker',
      });
      const completed = sampleValue(text, 'hearth_photos_finished_total', { outcome: 'completed' });
      return { name: member.name, calls: calls ?? 0, completed: completed ?? 0 };
    };
    let counts: Awaited<ReturnType<typeof countsOf>>[] = [];
    await expect
      .poll(
        async () => {
          counts = await Promise.all([members.w1, members.w2].map(countsOf));
          return counts[0]!.completed + counts[1]!.completed;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(4);
    for (const count of counts) {
      expect(count.calls, count.name).toBe(count.completed);
      expect(count.completed, count.name).toBeGreaterThanOrEqual(1);
    }
    // ...and yet no two calls came closer than one slot allows. With a limit per process, each worker's
    // first call would arrive together (a gap near 0); the margin of half a slot only absorbs timer and
    // request latency, which cannot bring two calls of one schedule closer than that.
    const gaps = arrivals.slice(1).map((arrival, i) => (arrival - arrivals[i]!) / 1000);
    for (const gap of gaps) expect(gap).toBeGreaterThan(SLOT_SECONDS / 2);
  }, 240_000);

  it('the queue depth is the same, cluster-wide, from any process', async () => {
    for (const member of Object.values(members)) {
      const text = await scrape(member);
      expect(sampleValue(text, 'hearth_queue_jobs', { queue: 'photo.enhance', state: 'waiting' }), member.name).toBe(0);
    }
  });

  it('ROLE=worker on SIGTERM hands its running photo back to the queue and exits 0', async () => {
    hangNextCall = true;
    const project = await newProject(agent.client);
    const before = arrivals.length;
    const upload = await uploadPhotos(agent.client, project.id, [fixture('empty-interior.jpg')], {
      templateId: 'living-room',
    });
    expect(upload.status).toBe(201);
    const photoId = upload.body.photos[0]!.id;
    await expect.poll(() => arrivals.length, { timeout: 60_000, interval: 100 }).toBe(before + 1);

    const workers = [members.w1.process, members.w2.process];
    for (const worker of workers) worker.child.kill('SIGTERM');
    for (const worker of workers) {
      expect(await worker.exited, worker.output()).toBe(0);
      expect(worker.output()).not.toMatch(CLEAN_EXIT_PROBLEMS);
    }
    // The worker that held it handed it back (and, should the other's last fetch have caught it, that one
    // handed it back again, unstarted).
    expect(workers.some((w) => /job handed back to the queue at shutdown/.test(w.output()))).toBe(true);
    // Waiting under a new job for the next worker, not lost and not failed.
    const [row] = await query<{ status: string }>('select status from photo where id = $1', [photoId]);
    expect(row!.status).toBe('waiting');
    const jobs = await query<{ state: string }>(
      `select state from pgboss.job where name = 'photo.enhance'
          and data->>'versionId' in (select id::text from photo_version where photo_id = $1) order by created_on`,
      [photoId],
    );
    expect(jobs.at(-1)!.state).toBe('created');
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    expect(jobs.slice(0, -1).every((job) => job.state === 'cancelled')).toBe(true);
  }, 120_000);

  it(`holds ${MAX_STREAMS_PER_USER} live-update streams per user across both API processes, and frees a killed process's places`, async () => {
    const cookie = cookieOf(agent.client);
    const open = async (member: Member) => {
      const stream = await openStream(member.baseUrl, { cookie });
      if (stream.status === 200) await stream.next('connected');
      return stream;
    };
    const onA = [await open(members.a), await open(members.a), await open(members.a)];
    const onB = [await open(members.b), await open(members.b)];
    expect([...onA, ...onB].map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    for (const member of [members.a, members.b]) {
      const sixth = await open(member);
      expect(sixth.status, member.name).toBe(429);
    }
    // A place freed on one process can be taken on the other.
    onA.pop()!.close();
    await expect.poll(async () => keepIfOpened(await open(members.b), onB), { timeout: 10_000 }).toBe(200);
    expect(onB).toHaveLength(3);

    // A dies without a word: its 2 streams hold their places until their leases run out (each on its own
    // clock: A may not have renewed them yet), then B gives them out again, and no more than them.
    members.a.process.child.kill('SIGKILL');
    await members.a.process.exited;
    const refillB = async () => {
      if (onB.length < MAX_STREAMS_PER_USER) keepIfOpened(await open(members.b), onB);
      return onB.length;
    };
    const leaseRunsOut = { timeout: (STREAM_LEASE_SECONDS + 30) * 1000, interval: 500 };
    await expect.poll(refillB, leaseRunsOut).toBe(MAX_STREAMS_PER_USER);
    expect((await open(members.b)).status).toBe(429);
    // B's own streams keep their places because B renews their leases while they are open: every one of
    // the 5 is renewed past the lease it was opened with.
    const renewed = async () =>
      (
        await query<{ renewed: number }>(
          `select count(*)::int as renewed from event_stream
            where lease_expires_at > opened_at + make_interval(secs => $1::int)`,
          [STREAM_LEASE_SECONDS],
        )
      )[0]!.renewed;
    await expect.poll(renewed, leaseRunsOut).toBe(MAX_STREAMS_PER_USER);
    expect((await open(members.b)).status).toBe(429);
    expect(onB.every((stream) => !stream.isEnded())).toBe(true);

    // ROLE=api on SIGTERM: its streams end, their places are given back, and it exits 0.
    members.b.process.child.kill('SIGTERM');
    expect(await members.b.process.exited, members.b.process.output()).toBe(0);
    expect(members.b.process.output()).not.toMatch(CLEAN_EXIT_PROBLEMS);
    for (const stream of onB) expect(await stream.waitForEnd()).toBe(true);
    expect(await query('select id from event_stream')).toEqual([]);
  }, 180_000);
});

/** Keeps a stream that was let in (to hold its place); closes a refused one. */
function keepIfOpened(stream: Awaited<ReturnType<typeof openStream>>, kept: Awaited<ReturnType<typeof openStream>>[]) {
  if (stream.status === 200) kept.push(stream);
  else stream.close();
  return stream.status;
}

async function scrape(member: Member) {
  const response = await fetch(`${member.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status, member.name).toBe(200);
  return response.text();
}
