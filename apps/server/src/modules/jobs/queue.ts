import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';

/** Every job Hearth runs: a typed union of names and their payloads (ids only; handlers re-read state). */
export interface JobPayloads {
  'photo.enhance': { photoId: string };
  'retention.sweep': Record<string, never>;
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
}

export interface Queue {
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: { id?: string }): Promise<void>;
  work<N extends JobName>(name: N, concurrency: number, handler: JobHandler<N>): Promise<void>;
  schedule(name: JobName, cron: string): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss on the application's own database (PGlite or PostgreSQL), through one SQL adapter. */
export async function startQueue(database: Database, log: Logger, settings: QueueSettings): Promise<Queue> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.query(text, values) },
    // PGlite is one in-process connection: maintenance and schedules run in this process too.
    schedule: true,
    supervise: true,
  });
  boss.on('error', (error: Error) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  await boss.createQueue('photo.enhance', {
    name: 'photo.enhance',
    retryLimit: settings.enhanceRetryLimit,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: settings.enhanceExpireSeconds,
  });
  await boss.createQueue('retention.sweep', { name: 'retention.sweep', retryLimit: 2, expireInSeconds: 15 * 60 });

  return {
    async send(name, data, options) {
      await boss.send(name, data, options?.id ? { id: options.id } : {});
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
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
