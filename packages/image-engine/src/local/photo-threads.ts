import { Worker } from 'node:worker_threads';
import { holdFreeMemory, releaseFreeMemory } from '../native/free-memory';
import type { BurstEnded, PhotoReply, PhotoRequest } from './photo-worker';
import { PhotoUnreadableError, type PhotoWork, type PhotoWorkResult } from './photo-work';
import { workerBootstrap } from './worker-bootstrap';

/**
 * Runs photos' full-size work (photo-work.ts) on worker threads, one photo at a time each (docs/decisions/094).
 *
 * Why: a decoded frame is 36 MB of memory outside V8's heap at 12 MP. Allocated on the thread that serves the
 * API, every 64 MB of it made V8 run a full collection of that thread's heap (45 MB of objects with PGlite):
 * about one per photo, 50–130 ms of CPU each, for no garbage but the frame. A photo thread's heap is a few
 * megabytes, so its collections cost a few milliseconds.
 *
 * There are as many threads as photos worked on at once (the job queue's CPU limit bounds that): a call takes
 * an idle thread or starts one. A thread idle for IDLE_MS stops, giving its memory back between bursts; a minute,
 * because starting one costs about 0.3 s of CPU and the next batch or "Generate again" often follows within
 * one (docs/decisions/106).
 *
 * While any photo is worked, the allocator keeps the pages photos free for the next one; RELEASE_AFTER_MS after
 * the last, it gives them all back (docs/decisions/103), and each idle thread shrinks its heap (decision 122).
 */
const IDLE_MS = 60_000;
const RELEASE_AFTER_MS = 1_000;

interface PhotoThread {
  worker: Worker;
  pending?: { id: number; resolve: (result: PhotoWorkResult) => void; reject: (error: Error) => void };
  idleTimer?: NodeJS.Timeout;
}

const idle: PhotoThread[] = [];
let nextId = 0;
let working = 0;
let releaseTimer: NodeJS.Timeout | undefined;

/** Does the work on a photo thread; PhotoUnreadableError when the input cannot be decoded. */
export function runPhotoWork(work: PhotoWork): Promise<PhotoWorkResult> {
  if (working++ === 0) {
    clearTimeout(releaseTimer);
    holdFreeMemory();
  }
  const thread = idle.pop() ?? startThread();
  clearTimeout(thread.idleTimer);
  thread.worker.ref(); // busy: the process waits for it
  const id = nextId++;
  return new Promise((resolve, reject) => {
    thread.pending = { id, resolve, reject };
    thread.worker.postMessage({ id, work } satisfies PhotoRequest);
  });
}

function startThread(): PhotoThread {
  const thread: PhotoThread = { worker: new Worker(workerBootstrap('photo-worker'), { eval: true }) };
  thread.worker.on('message', (reply: PhotoReply) => settle(thread, reply));
  const fail = (error: Error) => {
    retire(thread);
    if (thread.pending) workEnded();
    thread.pending?.reject(error);
    thread.pending = undefined;
  };
  thread.worker.on('error', fail);
  thread.worker.on('exit', (code) => fail(new Error(`A photo thread stopped (exit code ${code})`)));
  return thread;
}

function settle(thread: PhotoThread, reply: PhotoReply) {
  const pending = thread.pending;
  if (!pending || pending.id !== reply.id) return;
  thread.pending = undefined;
  workEnded();
  thread.worker.unref(); // an idle thread must not keep the process alive
  idle.push(thread);
  thread.idleTimer = setTimeout(() => {
    retire(thread);
    void thread.worker.terminate();
  }, IDLE_MS).unref();
  if ('result' in reply) pending.resolve(reply.result);
  else pending.reject(rebuild(reply.error));
}

function workEnded() {
  if (--working === 0) releaseTimer = setTimeout(burstEnded, RELEASE_AFTER_MS).unref();
}

function burstEnded() {
  for (const thread of idle) thread.worker.postMessage({ burstEnded: true } satisfies BurstEnded);
  releaseFreeMemory();
}

function rebuild({ message, stack, unreadable }: { message: string; stack?: string; unreadable: boolean }) {
  const error = unreadable ? new PhotoUnreadableError(message) : new Error(message);
  if (stack) error.stack = stack;
  return error;
}

function retire(thread: PhotoThread) {
  clearTimeout(thread.idleTimer);
  const at = idle.indexOf(thread);
  if (at >= 0) idle.splice(at, 1);
}
