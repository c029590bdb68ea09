/**
 * Upload throughput through the API into each storage (issue 15, `npm run bench:storage`): the same batches of
 * photos sent over HTTP to two servers started as `npm run start:api` starts them (child processes, PGlite,
 * ROLE=api so no job competes), one on local files and one on an S3 bucket of s3rver on loopback (a real S3
 * REST server, run in this process). Rounds are interleaved (local, S3, then S3, local, …) so that drift in the
 * machine's load falls on both alike.
 *
 *   npm run bench:storage            (ROUNDS=5 for more rounds)
 *
 * Two batches per round: 10 files of 25 MB (the size limit: S3 multipart, 5 parts each) and 10 files of 4 MB
 * (one PutObject each). MB/s is the batch's bytes over the request's time, from the first byte sent to the
 * answer (201: every file stored). The same files are also written straight into each storage from this process
 * (the storage adapters, no HTTP), which shows how much of the gap is s3rver's own speed. s3rver itself is slow (it writes every object to disk and hashes it in
 * JavaScript, in the same process as this client), so the S3 numbers are a floor for a real service, not an
 * estimate of one. Prints a table and writes bench/results/storage-upload.json.
 */
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_UPLOAD_BYTES } from '@hearth/contracts';
import { fixturePhotoPath } from '@hearth/image-engine/test-support';
import { createStorage, loadConfig } from '@hearth/server/test-support/internals';
import { startLoopbackS3, type LoopbackS3 } from '@hearth/server/test-support/s3-server';
import { resultsDir } from '../support/report';
import {
  Client,
  freePort,
  median,
  ORIGIN,
  raiseAllowance,
  ROOT,
  round1,
  round2,
  startServer,
  type Server,
} from '../support/server';

const RESULTS_FILE = path.join(resultsDir(), 'storage-upload.json');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const FILES_PER_BATCH = 10;
const MB = 2 ** 20;
const SIZES = [
  { label: '25 MB', bytes: MAX_UPLOAD_BYTES },
  { label: '4 MB', bytes: 4 * MB },
];

type StorageName = 'local' | 's3';

interface Target {
  name: StorageName;
  env: Record<string, string>;
  client: Client;
  server?: Server;
}

async function main() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-bench-storage-'));
  let s3: LoopbackS3 | undefined;
  const targets: Target[] = [];
  try {
    s3 = await startLoopbackS3('hearth-bench');
    for (const name of ['local', 's3'] as const) {
      const port = await freePort();
      targets.push({
        name,
        client: new Client(`http://127.0.0.1:${port}`),
        env: {
          DATA_DIR: path.join(workDir, name),
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_URL: ORIGIN,
          LOG_LEVEL: 'error',
          WEB_DIST_DIR: '/nonexistent',
          ROLE: 'api',
          ...(name === 's3' ? s3.env : {}),
        },
      });
    }
    const files = await prepareFiles(workDir);
    for (const target of targets) await prepareAccount(target);

    const loadBefore = os.loadavg();
    const runs: Run[] = [];
    const direct: Run[] = [];
    const stores = await directStores(workDir, s3);
    await uploadRound(targets, files, runs, 0); // warm-up: routes compiled, connections open; not counted
    await directRound(stores, files, direct, 0);
    runs.length = 0;
    direct.length = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 ? targets : [...targets].reverse();
      await uploadRound(order, files, runs, round);
      await directRound(round % 2 ? stores : [...stores].reverse(), files, direct, round);
    }
    const loadAfter = os.loadavg();

    const localFiles = existsSync(path.join(targets[1]!.env.DATA_DIR!, 'files'));
    if (localFiles) throw new Error('the S3 server wrote photos to its local files folder');
    const objects = (await s3.objectKeys()).length;

    const report = {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        node: process.version,
        loadAverageBefore: loadBefore.map(round2),
        loadAverageAfter: loadAfter.map(round2),
      },
      setup:
        'ROLE=api server processes on PGlite; S3 = s3rver 3.7 on loopback in the benchmark process (slow: writes ' +
        'and hashes every object in JavaScript), so S3 figures are a floor, not a real service',
      rounds: ROUNDS,
      filesPerBatch: FILES_PER_BATCH,
      objectsInBucket: objects,
      throughTheApi: SIZES.map(({ label }) => summary(runs, label)),
      straightIntoStorage: SIZES.map(({ label }) => summary(direct, label)),
      runs,
      directRuns: direct,
    };
    await writeFile(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    printReport(report.throughTheApi, report.straightIntoStorage, loadBefore, loadAfter);
  } finally {
    for (const target of targets) await target.server?.stop();
    await s3?.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The same JPEG padded to each size: the server sniffs and reads the header, stores every byte. */
async function prepareFiles(workDir: string) {
  const photo = await readFile(fixturePhotoPath('furnished-interior.jpg'));
  const files: Record<string, string> = {};
  for (const { label, bytes } of SIZES) {
    const file = path.join(workDir, `photo-${bytes}.jpg`);
    await writeFile(file, Buffer.concat([photo, Buffer.alloc(bytes - photo.length)]));
    files[label] = file;
  }
  return files;
}

/** Signs up, then raises the trial's allowance (PGlite: with the server stopped) and starts it for good. */
async function prepareAccount(target: Target) {
  target.server = await startServer(target.env);
  await target.client.signUpAndStartTrial();
  await target.server.stop();
  await raiseAllowance(target.env.DATA_DIR!, 10_000);
  target.server = await startServer(target.env);
}

type Store = { name: StorageName; put: (key: string, file: string) => Promise<void> };

/** Each storage as the app makes it (the same factory and adapters), used from this process. */
async function directStores(workDir: string, s3: LoopbackS3): Promise<Store[]> {
  const local = await createStorage({ kind: 'local', dir: path.join(workDir, 'direct-files') });
  const bucket = await createStorage(loadConfig({ DATA_DIR: path.join(workDir, 'direct'), ...s3.env }).storage);
  const put = (storage: typeof local) => (key: string, file: string) =>
    storage.put(key, createReadStream(file), 'image/jpeg');
  return [
    { name: 'local', put: put(local) },
    { name: 's3', put: put(bucket) },
  ];
}

/** The batch written one file after another, as the upload route stores a batch. */
async function directRound(order: Store[], files: Record<string, string>, runs: Run[], round: number) {
  for (const { label, bytes } of SIZES) {
    for (const store of order) {
      const started = performance.now();
      for (let i = 0; i < FILES_PER_BATCH; i++) await store.put(`direct/r${round}/${bytes}/${i}`, files[label]!);
      const seconds = (performance.now() - started) / 1000;
      const mb = (bytes * FILES_PER_BATCH) / MB;
      runs.push({
        round,
        storage: store.name,
        batch: label,
        mb: round1(mb),
        seconds: round2(seconds),
        mbPerSecond: round1(mb / seconds),
      });
    }
  }
}

interface Run {
  round: number;
  storage: StorageName;
  batch: string;
  mb: number;
  seconds: number;
  mbPerSecond: number;
}

async function uploadRound(order: Target[], files: Record<string, string>, runs: Run[], round: number) {
  for (const { label, bytes } of SIZES) {
    for (const target of order) {
      const projectId = await target.client.createProject();
      const batch = Array.from({ length: FILES_PER_BATCH }, () => files[label]!);
      const started = performance.now();
      const status = await target.client.upload(projectId, batch);
      const seconds = (performance.now() - started) / 1000;
      if (status !== 201) throw new Error(`${target.name} upload answered ${status}`);
      const mb = (bytes * FILES_PER_BATCH) / MB;
      runs.push({
        round,
        storage: target.name,
        batch: label,
        mb: round1(mb),
        seconds: round2(seconds),
        mbPerSecond: round1(mb / seconds),
      });
      if (round > 0)
        console.log(`round ${round}/${ROUNDS} ${label} → ${target.name}: ${runs.at(-1)!.mbPerSecond} MB/s`);
    }
  }
}

function summary(runs: Run[], batch: string) {
  const of = (storage: StorageName) => runs.filter((r) => r.batch === batch && r.storage === storage);
  const local = median(of('local').map((r) => r.mbPerSecond));
  const s3 = median(of('s3').map((r) => r.mbPerSecond));
  // Per round, S3 over the local run of the same round: the ratio is steadier than either figure alone.
  const ratios = of('s3').map((run) => run.mbPerSecond / of('local').find((r) => r.round === run.round)!.mbPerSecond);
  return {
    batch: `${FILES_PER_BATCH} × ${batch}`,
    localMedianMbPerSecond: local,
    s3MedianMbPerSecond: s3,
    s3OverLocalMedianRatio: round2(median(ratios)),
  };
}

type Summary = ReturnType<typeof summary>;

function printReport(api: Summary[], direct: Summary[], before: number[], after: number[]) {
  const line = (b: Summary) =>
    `  ${b.batch.padEnd(12)} local files ${String(b.localMedianMbPerSecond).padStart(6)} MB/s   ` +
    `S3 (s3rver) ${String(b.s3MedianMbPerSecond).padStart(6)} MB/s   S3/local ${b.s3OverLocalMedianRatio}`;
  const load = `load ${round1(before[0]!)} → ${round1(after[0]!)} on ${os.cpus().length} cores`;
  console.log(`\nupload through the API, median of ${ROUNDS} interleaved rounds (${load}):`);
  for (const b of api) console.log(line(b));
  console.log('the same files written straight into each storage from this process (no HTTP):');
  for (const b of direct) console.log(line(b));
  console.log('s3rver is a slow stand-in (JavaScript, disk, same process as the client): S3 figures are a floor.');
  console.log(`written to ${path.relative(ROOT, RESULTS_FILE)}`);
}

await main();
