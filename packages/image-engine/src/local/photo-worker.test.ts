import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURE_PHOTOS_DIR } from '../test-support/fixtures';
import type { BurstEnded, PhotoReply, PhotoRequest } from './photo-worker';
import { workerBootstrap } from './worker-bootstrap';

let workDir: string;
let thread: Worker;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-photo-worker-'));
  thread = new Worker(workerBootstrap('photo-worker'), { eval: true });
});
afterAll(async () => {
  await thread.terminate();
  await rm(workDir, { recursive: true, force: true });
});

const work = (name: string): PhotoRequest['work'] => ({
  input: { path: path.join(FIXTURE_PHOTOS_DIR, 'exterior.jpg'), type: 'jpeg' },
  preview: {
    path: path.join(workDir, `${name}-preview.jpg`),
    thumbnailPath: path.join(workDir, `${name}-thumbnail.jpg`),
  },
  enhance: {
    outputPath: path.join(workDir, `${name}-result.jpg`),
    thumbnailPath: path.join(workDir, `${name}-result-thumbnail.jpg`),
    operations: ['professional-enhancement'],
  },
});

const run = (id: number) =>
  new Promise<PhotoReply>((resolve) => {
    thread.once('message', resolve);
    thread.postMessage({ id, work: work(`photo-${id}`) } satisfies PhotoRequest);
  });

// A thread's heap statistics can be read from outside on Node 22.16 and later (CI runs this file on Node 24);
// Node 20's types do not know it.
const readHeap = (Worker.prototype as { getHeapStatistics?: unknown }).getHeapStatistics as
  ((this: Worker) => Promise<{ total_heap_size: number }>) | undefined;
const heapOf = (worker: Worker) => readHeap!.call(worker);
const heapReadable = typeof readHeap === 'function';

describe('a photo thread told that the burst has ended', () => {
  it.runIf(heapReadable)(
    'shrinks its heap, and goes on working photos after',
    async () => {
      for (let id = 0; id < 3; id++) expect(await run(id)).toHaveProperty('result');
      const working = (await heapOf(thread)).total_heap_size;
      thread.postMessage({ burstEnded: true } satisfies BurstEnded);
      await vi.waitFor(async () => expect((await heapOf(thread)).total_heap_size).toBeLessThan(working * 0.8), {
        timeout: 3000,
        interval: 50,
      });
      expect(await run(3)).toHaveProperty('result');
    },
    60_000,
  );
});
