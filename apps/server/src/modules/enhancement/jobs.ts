import { MAX_PHOTOS_PER_BATCH } from '@hearth/contracts';
import pLimit from 'p-limit';
import PQueue from 'p-queue';
import type { Logger } from 'pino';
import { describeEnhancementPass, describeNativeKernels } from '@hearth/image-engine';
import type { Config } from '../../config';
import type { Database, Db } from '../../infrastructure/db/client';
import type { HeadStartOutcome } from '../../infrastructure/metrics/metrics';
import { completed, type Queue } from '../../infrastructure/queue/queue';
import { describeStagingAvailability } from '../../infrastructure/ai-providers/config';
import { SqlRateLimitStore } from '../../infrastructure/ai-providers/rate-limit';
import { createStagingProvider, type ProviderCallReport } from '../../infrastructure/ai-providers/registry';
import type { ObjectStorage } from '../../infrastructure/storage/object-storage';
import { collectWhenIdle } from '../../infrastructure/memory/collect-when-idle';
import { enhancePhoto, localOperationsFor, type EnhanceDeps } from './enhance-photo';
import type { StageLimits } from './generative-edit';
import { handBackPhoto, recoverStalledPhotos } from './recover-stalled';
import { PhotoHeadStarts } from './head-starts';

export interface PhotoJobDeps {
  config: Pick<Config, 'ai' | 'enhancementEngine' | 'workerConcurrency' | 'stallCheckSeconds'> & {
    queue: Pick<Config['queue'], 'enhanceExpireSeconds' | 'enhanceRetryLimit'>;
  };
  /** Raw SQL for the providers' shared rate limit; `db` is the same database through Drizzle. */
  database: Pick<Database, 'query'>;
  db: Db;
  storage: ObjectStorage;
  log: Logger;
  tempDir: string;
  /** Told of every provider call (the metrics). */
  onProviderCall?: (call: ProviderCallReport) => void;
  /** Told of every head start's end (the metrics). */
  onHeadStart?: (outcome: HeadStartOutcome) => void;
  /** Where versions' progress is announced to their owners' live streams. */
  events?: EnhanceDeps['events'];
}

/**
 * How long a photo may sit unfinished before recovery asks about its job. Queueing follows saving by
 * milliseconds; anything older whose job is gone will not be finished by anyone else.
 */
const STALLED_AFTER_MS = 60_000;
/** A try's provider call is abandoned this long before the job expires, leaving time to fail the photo. */
const DEADLINE_MARGIN_MS = 15_000;

/** Two full batches of head starts at most (decision 105); a larger backlog's jobs do their own work. */
const HEAD_STARTS_KEPT = 2 * MAX_PHOTOS_PER_BATCH;
/** A head start waits this long for its job: longer than the queue's backlog usually takes to reach it. */
const HEAD_START_KEPT_MS = 10 * 60_000;

/**
 * The photo pipeline's jobs: `photo.enhance`, and the stalled-photo check every STALL_CHECK_SECONDS: each
 * check queues the next one that many seconds later, and a cron job every minute starts the chain again if
 * it broke (docs/decisions/042).
 */
export async function registerPhotoJobs(
  queue: Queue,
  { config, database, db, storage, log, tempDir, ...deps }: PhotoJobDeps,
) {
  const rateLimitStore = new SqlRateLimitStore(database);
  const staging = createStagingProvider(config.ai, { rateLimitStore, log, onCall: deps.onProviderCall });
  log.info(
    {
      staging: describeStagingAvailability(config.ai).reason,
      localEngine: describeEnhancementPass(),
      pixelKernels: describeNativeKernels(),
    },
    'photo worker started',
  );
  const expireMs = config.queue.enhanceExpireSeconds * 1000;
  // WORKER_CONCURRENCY bounds the CPU work. With a provider, twice AI_CONCURRENCY more versions may be under
  // way: one set in their calls, the next with their photos encoded and waiting for a call slot. The CPU work
  // a call waits for goes ahead of the fitting of answers, so call slots never wait on the cores
  // (docs/decisions/025).
  const cores = new PQueue({ concurrency: config.workerConcurrency });
  collectWhenIdle(cores);
  const limits: StageLimits = {
    cpu: (task) => cores.add(task, { priority: 0 }),
    cpuBeforeCall: (task) => cores.add(task, { priority: 1 }),
    providerCalls: pLimit(config.ai.concurrency),
  };
  const photosAtOnce = config.workerConcurrency + (staging ? 2 * config.ai.concurrency : 0);
  const headStarts = new PhotoHeadStarts({
    storage,
    tempDir,
    log,
    idleCpu: (task) => cores.add(task, { priority: -1 }),
    operationsFor: (edit) => localOperationsFor({ staging, enhancementEngine: config.enhancementEngine }, edit),
    maxEntries: HEAD_STARTS_KEPT,
    keepMs: HEAD_START_KEPT_MS,
    onOutcome: deps.onHeadStart,
  });
  const enhanceDeps = {
    headStarts,
    db,
    storage,
    tempDir,
    log,
    staging,
    enhancementEngine: config.enhancementEngine,
    events: deps.events,
    deadlineMs: Math.max(expireMs / 2, expireMs - DEADLINE_MARGIN_MS),
    limits,
  };
  await queue.work(
    'photo.enhance',
    photosAtOnce,
    (data, context) => enhancePhoto(enhanceDeps, data.versionId, context),
    {
      handBack: (data, cancelledJobId) => handBackPhoto({ db, queue }, data.versionId, cancelledJobId),
    },
  );

  // The queue's policy is 'short': while one check waits, cluster-wide, another send is a no-op.
  const scheduleNextCheck = () =>
    queue.send('photo.recover-stalled', {}, { startAfterSeconds: config.stallCheckSeconds });
  await queue.work(
    'photo.recover-stalled',
    1,
    async () => {
      try {
        const { requeued, failed } = await recoverStalledPhotos(
          { db, queue },
          { stalledAfterMs: STALLED_AFTER_MS, maxAttempts: config.queue.enhanceRetryLimit + 1 },
        );
        return completed({ requeued, failed });
      } finally {
        await scheduleNextCheck();
      }
    },
    // Handed back at shutdown: the next check is due at once, on whichever worker is left.
    { handBack: async () => void (await queue.send('photo.recover-stalled', {})) },
  );
  await queue.schedule('photo.recover-stalled', '* * * * *');
  await scheduleNextCheck();
  return { headStarts };
}
