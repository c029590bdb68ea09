import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database, Db } from './infrastructure/db/client';
import { registerBillingJobs } from './modules/billing/jobs';
import type { PaymentGateway } from './infrastructure/payments/payment-gateway';
import type { PlanPriceIds } from './modules/billing/plans';
import { registerPhotoJobs } from './modules/enhancement/jobs';
import type { Queue } from './infrastructure/queue/queue';
import type { EventBus } from './infrastructure/event-bus/event-bus';
import { registerRetentionJobs } from './modules/retention/jobs';
import type { ObjectStorage } from './infrastructure/storage/object-storage';
import { meterJobs } from './infrastructure/metrics/metered';
import type { Metrics } from './infrastructure/metrics/metrics';

interface WorkerDeps {
  config: Config;
  /** Raw SQL for the providers' shared rate limit; `db` is the same database through Drizzle. */
  database: Pick<Database, 'query'>;
  db: Db;
  storage: ObjectStorage;
  payments: { gateway: PaymentGateway; priceIds: PlanPriceIds };
  log: Logger;
  tempDir: string;
  metrics: Metrics;
  /** Versions' progress reaches their owners' streams on every API process through it. */
  bus: EventBus;
}

/**
 * Starts every module's job handlers and schedules on the queue. They stop with the queue (drain at
 * `preClose`, stop at `onClose`): there is no timer of their own to stop. Returns the photo worker's head
 * starts, for the upload route of the same process.
 */
export async function startWorkers(
  jobQueue: Queue,
  { config, database, db, storage, payments, log, tempDir, metrics, bus }: WorkerDeps,
) {
  // Every handler's outcome is counted (and photos completed or failed) on its way back to the queue.
  const queue = meterJobs(jobQueue, metrics);
  const onProviderCall = metrics.providerCall;
  const photos = await registerPhotoJobs(queue, {
    config,
    database,
    db,
    storage,
    log,
    tempDir,
    onProviderCall,
    onHeadStart: metrics.headStart,
    events: bus,
  });
  await registerRetentionJobs(queue, { db, storage, log, tempDir });
  await registerBillingJobs(queue, { db, ...payments, log });
  return { headStarts: photos.headStarts };
}
