import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RgbImage } from '../codecs/image-codec';
import type { PassReply, PassRequest } from './pass-worker';
import { buildRowEdits, type OperationPlans } from './plans';
import { applyRowEdits, snapshotRow } from './row-pass';
import { workerBootstrap } from './worker-bootstrap';

/**
 * Runs the full-resolution pass, either in this thread or on worker threads that each edit a horizontal
 * band of one shared frame. Workers keep a long pass off the event loop that serves the API and split it
 * across two cores, but they cost a copy of the frame into shared memory (40–80 ms and 72 MB for 24 MP;
 * V8 also copies rows out of and back into shared memory at a third of its usual speed). That pays for
 * Blue Sky's and Perfect Lawn's JavaScript row edits. Professional Enhancement's loop is WebAssembly
 * (enhancement-kernel.ts), about 0.12 s of CPU for 24 MP: it runs here, yielding to the event loop every
 * few milliseconds, and the copy would cost more than the second core saves (ADR 010).
 * (libvips stays at one thread per image, see image-codec.ts: its share of the work is decoding and encoding.)
 */
export const PASS_THREADS = Math.max(1, Math.min(2, availableParallelism()));

/** Below this many pixels, starting the bands costs more than it saves: the pass runs in this thread. */
const MIN_PIXELS_FOR_WORKERS = 2_000_000;

/** Whether the pass includes edits written in JavaScript (several times slower a pixel than the kernel). */
const hasJavaScriptEdits = (plans: OperationPlans) => Boolean(plans.lawn ?? plans.sky);

/**
 * Applies the plans to the photo's pixels at full resolution. Returns the edited image: the input itself,
 * edited in place, or a copy in shared memory when workers did the work (the input is then left as it was).
 */
export async function applyPlans(image: RgbImage, plans: OperationPlans): Promise<RgbImage> {
  const worthWorkers = image.width * image.height >= MIN_PIXELS_FOR_WORKERS && hasJavaScriptEdits(plans);
  const pool = worthWorkers ? workerPool() : null;
  if (!pool) {
    await applyRowEdits(image, buildRowEdits(plans, image.width, image.height));
    return image;
  }
  const shared = new SharedArrayBuffer(image.data.length);
  new Uint8Array(shared).set(image.data);
  const frame: RgbImage = { data: Buffer.from(shared), width: image.width, height: image.height };
  const { width, height } = frame;
  await Promise.all(
    bands(frame).map((range, index) => pool.run(index, { frame: shared, width, height, plans, range })),
  );
  return frame;
}

function bands(frame: RgbImage) {
  const boundaries = Array.from({ length: PASS_THREADS + 1 }, (_, i) => Math.round((i * frame.height) / PASS_THREADS));
  return boundaries.slice(0, -1).map((first, i) => {
    const end = boundaries[i + 1]!;
    // Taken before any band starts: the rows next to a band are another band's, and soon edited.
    return { first, end, rowAbove: snapshotRow(frame, first - 1), rowBelow: snapshotRow(frame, end) };
  });
}

interface Pool {
  run(workerIndex: number, request: Omit<PassRequest, 'id'>): Promise<void>;
}

let pool: Pool | null | undefined;

/** The worker pool, started on first use; null (and the pass stays in this thread) if workers cannot start. */
function workerPool(): Pool | null {
  if (pool === undefined) {
    try {
      pool = startPool();
    } catch {
      pool = null;
    }
  }
  return pool;
}

function startPool(): Pool {
  let nextId = 0;
  const started: Pool = {
    run(workerIndex, request) {
      const worker = workers[workerIndex % workers.length]!;
      const id = nextId++;
      return new Promise<void>((resolve, reject) => {
        worker.pending.set(id, { resolve, reject });
        worker.thread.ref(); // busy: the process must wait for it
        worker.thread.postMessage({ id, ...request } satisfies PassRequest);
      });
    },
  };
  // One failed worker retires the whole pool; the next photo starts a fresh one.
  const retire = () => {
    if (pool === started) pool = undefined;
    for (const { thread } of workers) void thread.terminate();
  };
  const workers = Array.from({ length: PASS_THREADS }, () => startWorker(retire));
  return started;
}

interface PoolWorker {
  thread: Worker;
  pending: Map<number, { resolve: () => void; reject: (error: Error) => void }>;
}

function startWorker(retirePool: () => void): PoolWorker {
  const thread = new Worker(workerBootstrap('pass-worker'), { eval: true });
  const worker: PoolWorker = { thread, pending: new Map() };
  thread.unref(); // an idle pool must not keep the process alive
  thread.on('message', ({ id, error }: PassReply) => {
    const waiting = worker.pending.get(id);
    worker.pending.delete(id);
    if (worker.pending.size === 0) thread.unref();
    if (error) waiting?.reject(new Error(`Enhancement pass failed in a worker: ${error}`));
    else waiting?.resolve();
  });
  const failAll = (error: Error) => {
    for (const { reject } of worker.pending.values()) reject(error);
    worker.pending.clear();
    retirePool();
  };
  thread.on('error', failAll);
  thread.on('exit', (code) => failAll(new Error(`Enhancement worker stopped (exit code ${code})`)));
  return worker;
}
