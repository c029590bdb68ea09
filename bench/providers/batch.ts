/**
 * Benchmark of the staging pipeline's own cost around a generative provider (issue 4, `bench/providers`):
 *
 *   npx tsx bench/providers/batch.ts   (from the repository root; PHOTO_MP=12 ROUNDS=3 AI_CONCURRENCY=2)
 *
 * A loopback server speaking Gemini's `generateContent` API answers every call exactly PROVIDER_MS (2 s)
 * after it arrives, with a staged version of the photo at Gemini's 1248×832. The server runs as `npm start`
 * runs it (a child process, PGlite, local files, the real @google/genai adapter pointed at the loopback),
 * and one batch of 30 photos with a staging template goes through upload, the queue, the provider call,
 * fit-to-original and storage.
 *
 * Reported per round: the whole batch (upload start → project completed), the upload alone, processing
 * (upload answered → completed), the theoretical minimum at the configured concurrency of provider calls
 * (ceil(30 / AI_CONCURRENCY) × 2 s: every call slot busy back to back), and the pipeline's own overhead per
 * photo: (processing − minimum) / photos per call slot. Target ≤ 300 ms. The CPU work around the calls runs
 * at WORKER_CONCURRENCY (2, the machine's cores). Writes
 * bench/results/providers-batch-ai<AI_CONCURRENCY>.json.
 *
 * VARIATIONS=2 (`npm run bench:variations`) stages each photo twice, as the upload card's 'Variations' does:
 * every version is one provider call, so the minimum and the overhead are counted per version, and the
 * results go to providers-batch-ai<AI_CONCURRENCY>-v<VARIATIONS>.json.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_PHOTOS_PER_BATCH } from '@hearth/contracts';
import { prepareRoomPhoto, startLoopbackGemini } from '../support/loopback-gemini';
import { resultsDir } from '../support/report';
import { Client, cpuMs, freePort, median, raiseAllowance, round2, startServer } from '../support/server';

const PROVIDER_MS = 2000;
const PHOTO_MP = Number(process.env.PHOTO_MP ?? 12);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.AI_CONCURRENCY ?? 2);
const CPU_CONCURRENCY = Number(process.env.WORKER_CONCURRENCY ?? 2);
const VARIATIONS = Number(process.env.VARIATIONS ?? 1);
const RESULTS_FILE = path.join(
  resultsDir(),
  `providers-batch-ai${CONCURRENCY}${VARIATIONS > 1 ? `-v${VARIATIONS}` : ''}.json`,
);
const PHOTOS = MAX_PHOTOS_PER_BATCH;
/** Provider calls in a batch: one per version. */
const VERSIONS = PHOTOS * VARIATIONS;
const TARGET_OVERHEAD_MS = 300;

async function main() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-bench-providers-'));
  const provider = await startLoopbackGemini(PROVIDER_MS);
  const port = await freePort();
  const env = {
    DATA_DIR: path.join(workDir, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
    GEMINI_API_KEY: 'bench-key',
    GEMINI_BASE_URL: provider.baseUrl,
    // The benchmark measures the pipeline, not the account's limit: one call every 100 ms at most.
    AI_IMAGES_PER_MINUTE: '600',
    AI_CONCURRENCY: String(CONCURRENCY),
    WORKER_CONCURRENCY: String(CPU_CONCURRENCY),
  };
  const api = new Client(`http://127.0.0.1:${port}`);
  let server = await startServer({ ...env, ROLE: 'api' });
  try {
    const photo = await prepareRoomPhoto(workDir, PHOTO_MP);
    await api.signUpAndStartTrial();
    await server.stop();
    await raiseAllowance(env.DATA_DIR, 10_000);
    server = await startServer({ ...env, ROLE: 'all' });

    // Warm-up: the adapter, sharp and the fitting code are loaded and compiled before anything is timed.
    await runBatch(api, photo, 2, server.pid);
    const runs = [];
    for (let round = 1; round <= ROUNDS; round++) {
      provider.calls.length = 0;
      const run = await runBatch(api, photo, PHOTOS, server.pid);
      if (provider.calls.length !== VERSIONS)
        throw new Error(`${provider.calls.length} provider calls, not ${VERSIONS}`);
      runs.push({ ...run, ...overhead(run.processingMs), maxCallsInFlight: provider.maxInFlight() });
      const last = runs.at(-1)!;
      console.log(
        `round ${round}/${ROUNDS}: batch ${round2(last.totalMs / 1000)} s (upload ${round2(last.uploadMs / 1000)} s), ` +
          `processing ${round2(last.processingMs / 1000)} s vs minimum ${last.theoreticalMinimumMs / 1000} s: ` +
          `${last.overheadPerVersionMs} ms a version; server CPU ${last.serverCpuPerPhotoMs} ms a photo`,
      );
    }
    const report = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg().map(round2) },
      database: 'pglite',
      photos: PHOTOS,
      variations: VARIATIONS,
      versions: VERSIONS,
      photo: { megapixels: PHOTO_MP, bytes: photo.bytes },
      providerAnswerMs: PROVIDER_MS,
      aiConcurrency: CONCURRENCY,
      workerConcurrency: CPU_CONCURRENCY,
      targetOverheadPerPhotoMs: TARGET_OVERHEAD_MS,
      medianTotalMs: median(runs.map((r) => r.totalMs)),
      medianProcessingMs: median(runs.map((r) => r.processingMs)),
      theoreticalMinimumMs: runs[0]!.theoreticalMinimumMs,
      medianOverheadPerVersionMs: median(runs.map((r) => r.overheadPerVersionMs)),
      medianServerCpuPerPhotoMs: median(runs.map((r) => r.serverCpuPerPhotoMs)),
      runs,
    };
    await writeFile(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify({ ...report, runs: undefined }, null, 2));
  } finally {
    await server.stop();
    await provider.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

function overhead(processingMs: number) {
  const versionsPerSlot = Math.ceil(VERSIONS / CONCURRENCY);
  const theoreticalMinimumMs = versionsPerSlot * PROVIDER_MS;
  return {
    theoreticalMinimumMs,
    ratioToMinimum: round2(processingMs / theoreticalMinimumMs),
    overheadPerVersionMs: Math.round((processingMs - theoreticalMinimumMs) / versionsPerSlot),
  };
}

async function runBatch(api: Client, photo: { file: string }, count: number, serverPid: number) {
  const projectId = await api.createProject();
  const cpuBefore = cpuMs(serverPid);
  const started = performance.now();
  const status = await api.upload(
    projectId,
    Array.from({ length: count }, () => photo.file),
    { templateId: 'living-room', variations: String(VARIATIONS) },
  );
  const uploaded = performance.now();
  if (status !== 201) throw new Error(`upload answered ${status}`);
  await api.waitUntilCompleted(projectId, count, 50);
  const finished = performance.now();
  return {
    totalMs: Math.round(finished - started),
    uploadMs: Math.round(uploaded - started),
    processingMs: Math.round(finished - uploaded),
    /** The server's CPU time for the whole batch (upload, queue, pipeline, database), per photo. */
    serverCpuPerPhotoMs: Math.round((cpuMs(serverPid) - cpuBefore) / count),
  };
}

await main();
