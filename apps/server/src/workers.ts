import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { registerBillingJobs } from './modules/billing/jobs';
import type { PaymentGateway } from './modules/billing/payment-gateway';
import type { PlanPriceIds } from './modules/billing/plans';
import { registerPhotoJobs } from './modules/enhancement/jobs';
import type { Queue } from './modules/jobs/queue';
import { registerRetentionJobs } from './modules/retention/jobs';
import type { ObjectStorage } from './modules/storage/storage';

interface WorkerDeps {
  config: Config;
  /** Raw SQL for the providers' shared rate limit; `db` is the same database through Drizzle. */
  database: Pick<Database, 'query'>;
  db: Db;
  storage: ObjectStorage;
  payments: { gateway: PaymentGateway; priceIds: PlanPriceIds };
  log: Logger;
  tempDir: string;
}

/**
 * Starts every module's job handlers and schedules on the queue. They stop with the queue (drain at
 * `preClose`, stop at `onClose`): there is no timer of their own to stop.
 */
export async function startWorkers(
  queue: Queue,
  { config, database, db, storage, payments, log, tempDir }: WorkerDeps,
) {
  await registerPhotoJobs(queue, { config, database, db, storage, log, tempDir });
  await registerRetentionJobs(queue, { db, storage, log, tempDir });
  await registerBillingJobs(queue, { db, ...payments, log });
}
