/**
 * One process against a cluster (issue 15, `npm run bench:cluster`): PHOTOS photos (100) staged through the
 * loopback Gemini, which answers every call PROVIDER_MS (2 s) after it arrives, on
 *   - one process: ROLE=all, PostgreSQL and an S3 bucket (s3rver on loopback);
 *   - a cluster: two ROLE=api and two ROLE=worker processes on the same kind of database and bucket,
 * each from an empty database and bucket. The photos go up in batches of at most 30, sent at once and spread
 * over the API processes; the clock stops when the project is completed.
 *
 * Reported per setup: total time (first upload byte → every photo completed), the theoretical minimum at the
 * configured concurrency (ceil(photos / (AI_CONCURRENCY × worker processes)) × 2 s: every provider slot busy
 * back to back) and the ratio between them, the processes' CPU, and the calls open at once. Both setups run on
 * this one machine, so a cluster of processes shares its cores: the ratio shows how much of the added
 * provider capacity the plumbing can use here, not what four machines would do. Upload MB/s through the API to
 * S3 against local files is `npm run bench:storage`. Writes bench/results/cluster-batch.json.
 *
 *   npm run bench:cluster      (PHOTOS=100 PHOTO_MP=4 AI_CONCURRENCY=2 WORKER_CONCURRENCY=2)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_PHOTOS_PER_BATCH } from '@hearth/contracts';
import { createPostgresDatabase } from '@hearth/server/test-support/database';
import { openDatabase } from '@hearth/server/test-support/internals';
import { startLoopbackS3 } from '@hearth/server/test-support/s3-server';
import { prepareRoomPhoto, startLoopbackGemini } from '../support/loopback-gemini';
import { load1, machine, writeResults, type SummaryRow } from '../support/report';
import { Client, cpuMs, freePort, ORIGIN, round2, startServer, type Server } from '../support/server';

const PHOTOS = Number(process.env.PHOTOS ?? 100);
const PHOTO_MP = Number(process.env.PHOTO_MP ?? 4);
const PROVIDER_MS = 2000;
const AI_CONCURRENCY = Number(process.env.AI_CONCURRENCY ?? 2);
const WORKER_CONCURRENCY = Number(process.env.WORKER_CONCURRENCY ?? 2);

const SETUPS = {
  'one process': ['all'],
  'cluster: 2 API + 2 workers': ['api', 'api', 'worker', 'worker'],
} as const;
type SetupName = keyof typeof SETUPS;

async function main() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-bench-cluster-'));
  const provider = await startLoopbackGemini(PROVIDER_MS);
  try {
    const photo = await prepareRoomPhoto(workDir, PHOTO_MP);
    const runs = [];
    for (const name of Object.keys(SETUPS) as SetupName[]) {
      provider.calls.length = 0;
      const run = await runSetup(name, workDir, photo.file, provider.baseUrl);
      runs.push({ ...run, maxCallsInFlight: provider.maxInFlight(), providerCalls: provider.calls.length });
      console.log(
        `${name}: ${PHOTOS} photos in ${round2(run.totalMs / 1000)} s (upload ${round2(run.uploadMs / 1000)} s), ` +
          `minimum ${run.theoreticalMinimumMs / 1000} s, ratio ${run.ratioToMinimum}; CPU ${round2(run.cpuMs / 1000)} s`,
      );
    }
    const summary: SummaryRow[] = runs.map((run) => ({
      metric: `${PHOTOS} × ${PHOTO_MP} MP staged through a 2 s provider, ${run.setup}: time against the theoretical minimum`,
      hearth: `${round2(run.totalMs / 1000)} s`,
      baseline: `${run.theoreticalMinimumMs / 1000} s (minimum)`,
      ratio: run.ratioToMinimum,
      target: 'reported (issue 15)',
      met: null,
      loadAverage: run.loadAverage,
    }));
    await writeResults('cluster-batch', {
      date: new Date().toISOString(),
      machine: machine(),
      photos: PHOTOS,
      photo: { megapixels: PHOTO_MP, bytes: photo.bytes },
      providerAnswerMs: PROVIDER_MS,
      aiConcurrency: AI_CONCURRENCY,
      workerConcurrency: WORKER_CONCURRENCY,
      runs,
      summary,
    });
  } finally {
    await provider.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

async function runSetup(name: SetupName, workDir: string, photoFile: string, providerUrl: string) {
  const roles = SETUPS[name];
  const postgres = await createPostgresDatabase();
  const s3 = await startLoopbackS3(`hearth-bench-${roles.length}`);
  const servers: Server[] = [];
  try {
    const baseUrls: string[] = [];
    for (const [index, role] of roles.entries()) {
      const port = await freePort();
      servers.push(
        await startServer({
          ROLE: role,
          DATA_DIR: path.join(workDir, `${roles.length}-${index}`),
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_URL: ORIGIN,
          LOG_LEVEL: 'warn',
          WEB_DIST_DIR: '/nonexistent',
          DATABASE_URL: postgres.url,
          // One secret for the cluster: a session signed by one API process is read by the other.
          AUTH_SECRET: 'bench-cluster-secret-bench-cluster-secret-01',
          ...s3.env,
          GEMINI_API_KEY: 'bench-key',
          GEMINI_BASE_URL: providerUrl,
          // The bench measures the pipeline, not the account's limit.
          AI_IMAGES_PER_MINUTE: '10000',
          AI_CONCURRENCY: String(AI_CONCURRENCY),
          WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
        }),
      );
      if (role !== 'worker') baseUrls.push(`http://127.0.0.1:${port}`);
    }
    const first = new Client(baseUrls[0]!);
    await first.signUpAndStartTrial();
    const database = await openDatabase({ kind: 'postgres', url: postgres.url });
    await database.query('update usage_period set images_included = $1', [PHOTOS * 10]).finally(() => database.close());
    const apis = baseUrls.map((url) => first.on(url));
    const projectId = await first.createProject();

    const cpuBefore = servers.map((server) => cpuMs(server.pid));
    const started = performance.now();
    const batches = Array.from({ length: Math.ceil(PHOTOS / MAX_PHOTOS_PER_BATCH) }, (_, i) =>
      Math.min(MAX_PHOTOS_PER_BATCH, PHOTOS - i * MAX_PHOTOS_PER_BATCH),
    );
    const statuses = await Promise.all(
      batches.map((count, i) =>
        apis[i % apis.length]!.upload(projectId, Array<string>(count).fill(photoFile), { templateId: 'living-room' }),
      ),
    );
    if (statuses.some((status) => status !== 201)) throw new Error(`uploads answered ${statuses.join(', ')}`);
    const uploaded = performance.now();
    await first.waitUntilCompleted(projectId, PHOTOS, 100);
    const finished = performance.now();

    const workers = roles.filter((role) => role !== 'api').length;
    const theoreticalMinimumMs = Math.ceil(PHOTOS / (AI_CONCURRENCY * workers)) * PROVIDER_MS;
    const totalMs = Math.round(finished - started);
    return {
      setup: name,
      processes: roles.length,
      workerProcesses: workers,
      totalMs,
      uploadMs: Math.round(uploaded - started),
      theoreticalMinimumMs,
      ratioToMinimum: round2(totalMs / theoreticalMinimumMs),
      cpuMs: servers.reduce((sum, server, i) => sum + cpuMs(server.pid) - cpuBefore[i]!, 0),
      loadAverage: load1(),
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await s3.close();
    await postgres.drop();
  }
}

await main();
