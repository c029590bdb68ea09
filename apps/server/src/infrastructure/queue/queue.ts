import type { JobCatalogue, JobName } from '@hearth/contracts';

export type { JobCatalogue, JobName } from '@hearth/contracts';

/**
 * How a handler's run ended. `completed`: the work is done. `skipped`: there was nothing to do (the photo is
 * already finished or gone, another run got there first). `failed`: the work failed for good and the handler
 * recorded it (a failed photo, its image given back); another try would not help, so the job is not retried.
 * A try that may do better later throws instead: pg-boss retries the job (its retry limit, then failed).
 */
export type JobOutcome =
  | { status: 'completed'; summary?: Record<string, number> }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; reason: string };

export const completed = (summary?: Record<string, number>): JobOutcome =>
  summary ? { status: 'completed', summary } : { status: 'completed' };
export const skipped = (reason: string): JobOutcome => ({ status: 'skipped', reason });
export const failed = (reason: string): JobOutcome => ({ status: 'failed', reason });

export interface JobContext {
  /** True on the last try: a handler that fails now must record the failure for good. */
  isLastAttempt: boolean;
  /**
   * Aborted when the process shuts down and the job, still running past the grace period, has been handed
   * back to the queue: the handler should stop at once and record nothing (another worker runs it again).
   */
  signal?: AbortSignal;
}

export type JobHandler<N extends JobName> = (data: JobCatalogue[N], context: JobContext) => Promise<JobOutcome>;

/**
 * Queues the work of a job that was handed back at shutdown (the job itself is cancelled by then), so that
 * another worker starts it at once. By default a new job with the same payload is sent.
 */
export type HandBack<N extends JobName> = (data: JobCatalogue[N], cancelledJobId: string) => Promise<void>;

export interface SendOptions {
  /** The job's id (a UUID); a job with this id that already exists makes the send a no-op. */
  id?: string;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

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
  /**
   * At shutdown, how long running jobs may take to finish before they are handed back to the queue for
   * another worker (0 when unset: at once).
   */
  shutdownGraceSeconds?: number;
}

export interface Queue {
  /**
   * Queues a job of the catalogue, its payload checked against the job's schema; resolves to its id, or null
   * when a job with the given id already exists, or (`photo.recover-stalled`, policy 'short') one waits.
   */
  send<N extends JobName>(name: N, data: JobCatalogue[N], options?: SendOptions): Promise<string | null>;
  /** True while the job is waiting, waiting to retry, or running: it will still run (or finish) by itself. */
  isPending(name: JobName, id: string): Promise<boolean>;
  work<N extends JobName>(
    name: N,
    concurrency: number,
    handler: JobHandler<N>,
    options?: { handBack?: HandBack<N> },
  ): Promise<void>;
  /**
   * Sends the job (with an empty payload) on a cron schedule (UTC, minute resolution; at second 30), once
   * cluster-wide however many processes keep the same schedule.
   */
  schedule(name: ScheduledJobName, cron: string): Promise<void>;
  /**
   * Stops fetching jobs at once; the running ones get the grace period to finish, and those still running
   * then are handed back (their job cancelled, their work queued again) and their handlers aborted.
   * Resolves once no handler runs any more. Repeated calls share the first one's work.
   */
  drain(): Promise<void>;
  /** Drains, then stops pg-boss; the database may be closed once it resolves. */
  stop(): Promise<void>;
}

/** The jobs whose payload is empty: only these can run on a schedule. */
export type ScheduledJobName = { [N in JobName]: JobCatalogue[N] extends Record<string, never> ? N : never }[JobName];
