import pLimit from 'p-limit';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { PaymentGateway } from './modules/billing/payment-gateway';
import type { PlanPriceIds } from './modules/billing/plans';
import { billEndedOverage } from './modules/billing/service';
import type { Database, Db } from './db/client';
import { enhancePhoto } from './modules/enhancement/enhance-photo';
import { handBackPhoto, recoverStalledPhotos } from './modules/enhancement/recover-stalled';
import type { Queue } from './modules/jobs/queue';
import { describeStagingAvailability } from './modules/providers/config';
import { SqlRateLimitStore } from './modules/providers/rate-limit';
import { createStagingProvider } from './modules/providers/registry';
import { removeStaleTempFiles } from './modules/retention/stale-temp-files';
import { sweepExpiredProjects } from './modules/retention/sweep';
import type { ObjectStorage } from './modules/storage/storage';

interface WorkerDeps {
  config: Config;
  /** Raw SQL for the providers' shared rate limit; `db` is the same database through Drizzle. */
  database: Pick<Database, 'query'>;
  db: Db;
  storage: ObjectStorage;
  queue: Queue;
  payments: { gateway: PaymentGateway; priceIds: PlanPriceIds };
  log: Logger;
  tempDir: string;
}

/**
 * How long a photo may sit unfinished before recovery asks about its job. Queueing follows saving by
 * milliseconds; anything older whose job is gone will not be finished by anyone else.
 */
const STALLED_AFTER_MS = 60_000;
/** A try's provider call is abandoned this long before the job expires, leaving time to fail the photo. */
const DEADLINE_MARGIN_MS = 15_000;

/** Starts the job handlers and schedules of a worker process; returns how to stop the timers (awaitable). */
export async function startWorkers({ config, database, db, storage, queue, payments, log, tempDir }: WorkerDeps) {
  const staging = createStagingProvider(config.ai, { rateLimitStore: new SqlRateLimitStore(database), log });
  log.info({ staging: describeStagingAvailability(config.ai).reason }, 'photo worker started');
  const expireMs = config.queue.enhanceExpireSeconds * 1000;
  // WORKER_CONCURRENCY bounds the CPU work; with a provider, AI_CONCURRENCY more photos may be waiting on
  // their calls at the same time, so the cores stay busy with the photos around them.
  const limits = { cpu: pLimit(config.workerConcurrency), providerCalls: pLimit(config.ai.concurrency) };
  const photosAtOnce = config.workerConcurrency + (staging ? config.ai.concurrency : 0);
  const enhanceDeps = {
    db,
    storage,
    tempDir,
    log,
    staging,
    enhancementEngine: config.enhancementEngine,
    deadlineMs: Math.max(expireMs / 2, expireMs - DEADLINE_MARGIN_MS),
    limits,
  };
  await queue.work('photo.enhance', photosAtOnce, (data, context) => enhancePhoto(enhanceDeps, data.photoId, context), {
    handBack: (data, cancelledJobId) => handBackPhoto({ db, queue }, data.photoId, cancelledJobId),
  });
  await queue.work('retention.sweep', 1, async () => {
    await sweepExpiredProjects({ db, storage, log });
    const removed = await removeStaleTempFiles(tempDir);
    if (removed) log.info({ removed }, 'stale temporary files removed');
  });
  await queue.schedule('retention.sweep', '17 * * * *');
  // Images past a plan's allowance are billed once the period has ended (docs/decisions/030).
  await queue.work('billing.overage', 1, async () => {
    const billed = await billEndedOverage({ db, ...payments }, log);
    if (billed) log.info({ billed }, 'overage billed');
  });
  await queue.schedule('billing.overage', '41 * * * *');

  let checking: Promise<unknown> = Promise.resolve();
  const stallCheck = setInterval(() => {
    checking = recoverStalledPhotos(
      { db, queue },
      { stalledAfterMs: STALLED_AFTER_MS, maxAttempts: config.queue.enhanceRetryLimit + 1 },
    ).catch((error: unknown) => log.error({ err: error }, 'stalled photo check failed'));
  }, config.stallCheckSeconds * 1000);
  stallCheck.unref();
  // At shutdown: no new check, and one under way ends before the queue and the database close.
  return async () => {
    clearInterval(stallCheck);
    await checking;
  };
}
