import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';

/** Every job Hearth runs: a typed union of names and their payloads (ids only; handlers re-read state). */
export interface JobPayloads {
  'photo.enhance': { photoId: string };
  'retention.sweep': Record<string, never>;
  'billing.overage': Record<string, never>;
}
export type JobName = keyof JobPayloads;

export interface JobContext {
  /** True on the last try: a handler that fails now must record the failure for good. */
  isLastAttempt: boolean;
}

export type JobHandler<N extends JobName> = (data: JobPayloads[N], context: JobContext) => Promise<void>;

export interface QueueSettings {
  /** How long a photo job may run before pg-boss treats it as lost and runs it again. */
  enhanceExpireSeconds: number;
  enhanceRetryLimit: number;
  pollingIntervalSeconds: number;
  /**
   * How often pg-boss looks for jobs whose worker vanished (killed, crashed) and past their expiry, to run
   * them again. A dead worker's photo waits at most expiry + this long.
   */
  maintenanceIntervalSeconds: number;
}

export interface Queue {
  /** Queues a job; resolves to its id, or null when a job with the given id already exists. */
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: { id?: string }): Promise<string | null>;
  /** True while the job is waiting, waiting to retry, or running: it will still run (or finish) by itself. */
  isPending(name: JobName, id: string): Promise<boolean>;
  work<N extends JobName>(name: N, concurrency: number, handler: JobHandler<N>): Promise<void>;
  schedule(name: JobName, cron: string): Promise<void>;
  stop(): Promise<void>;
}

const PENDING_STATES = new Set<string>(['created', 'retry', 'active']);

/** pg-boss on the application's own database (PGlite or PostgreSQL), through one SQL adapter. */
export async function startQueue(database: Database, log: Logger, settings: QueueSettings): Promise<Queue> {
  // pg-boss records a finished job without awaiting it (manager.js: `this.complete(...)`), so stop() can
  // return while that write is still running; the queries are tracked so stop() can wait for them, and the
  // database is never closed under one.
  const inFlight = new Set<Promise<unknown>>();
  const executeSql = (text: string, values: unknown[]) => {
    const query = database.query(text, values);
    inFlight.add(query);
    query.then(
      () => inFlight.delete(query),
      () => inFlight.delete(query),
    );
    return query;
  };
  const boss = new PgBoss({
    db: { executeSql },
    // PGlite is one in-process connection: maintenance and schedules run in this process too.
    schedule: true,
    supervise: true,
    maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds,
  });
  let stopping = false;
  // pg-boss's timers may still fire a query while the database closes at shutdown; that is not an error.
  boss.on('error', (error: Error) =>
    stopping
      ? log.debug({ err: error }, 'job queue error while stopping')
      : log.error({ err: error }, 'job queue error'),
  );
  await boss.start();

  // pg-boss copies a queue's settings onto each job it queues; createQueue leaves an existing queue as it
  // was, so the settings are written on every boot: a changed ENHANCE_JOB_EXPIRE_SECONDS or
  // ENHANCE_RETRY_LIMIT applies to every job queued from then on.
  const queues: Record<JobName, PgBoss.Queue> = {
    'photo.enhance': {
      name: 'photo.enhance',
      retryLimit: settings.enhanceRetryLimit,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: settings.enhanceExpireSeconds,
    },
    'retention.sweep': { name: 'retention.sweep', retryLimit: 2, expireInSeconds: 15 * 60 },
    'billing.overage': { name: 'billing.overage', retryLimit: 2, expireInSeconds: 15 * 60 },
  };
  for (const definition of Object.values(queues)) {
    await boss.createQueue(definition.name, definition);
    await boss.updateQueue(definition.name, definition);
  }

  return {
    async send(name, data, options) {
      return boss.send(name, data, options?.id ? { id: options.id } : {});
    },
    async isPending(name, id) {
      const job = await boss.getJobById(name, id);
      return job !== null && PENDING_STATES.has(job.state);
    },
    async work(name, concurrency, handler) {
      // pg-boss 10 runs one fetch loop per worker; concurrency is the number of loops.
      for (let i = 0; i < concurrency; i++) {
        await boss.work(
          name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: settings.pollingIntervalSeconds },
          async ([job]) => {
            if (!job) return;
            await handler(job.data as JobPayloads[typeof name], {
              isLastAttempt: job.retryCount >= job.retryLimit,
            });
          },
        );
      }
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await Promise.allSettled([...inFlight]);
    },
  };
}
