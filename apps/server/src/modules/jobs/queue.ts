import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { jobPayloadSchemas, type JobCatalogue, type JobName } from '@hearth/contracts';
import type { Database } from '../../db/client';

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
  /** Sends the job (with an empty payload) on a cron schedule (UTC, minute resolution), once cluster-wide. */
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

/** How long handlers that were aborted at shutdown may take to notice before the queue stops anyway. */
const ABORTED_HANDLERS_WAIT_MS = 10_000;

interface RunningJob {
  name: JobName;
  id: string;
  data: unknown;
  controller: AbortController;
  /** The handler has ended. */
  done: Promise<void>;
  /** The whole run has ended, handing back included. */
  ended: Promise<void>;
  handBack: (data: never, cancelledJobId: string) => Promise<void>;
}

const noop = () => undefined;
/** Waits for `promise`, or `ms` at most; the timer keeps the process alive meanwhile and is cleared after. */
async function atMost(promise: Promise<unknown>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
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
    // 'short': one check waits at a time, however many workers (or the minute's cron) send one (042).
    'photo.recover-stalled': {
      name: 'photo.recover-stalled',
      policy: 'short',
      retryLimit: 0,
      expireInSeconds: 15 * 60,
    },
  };
  for (const definition of Object.values(queues)) {
    await boss.createQueue(definition.name, definition);
    await boss.updateQueue(definition.name, definition);
  }

  const workedQueues = new Set<JobName>();
  const running = new Map<string, RunningJob>();
  let handingBack = false;
  /** Handed back, but their handlers did not stop in time: the queue stops without them. */
  const abandoned = new Set<string>();
  let draining: Promise<void> | undefined;
  const graceMs = (settings.shutdownGraceSeconds ?? 0) * 1000;

  /** Cancels the job (so pg-boss's own completion of it changes nothing) and queues its work again. */
  async function handBackJob(entry: RunningJob) {
    entry.controller.abort();
    try {
      await boss.cancel(entry.name, entry.id);
      // Finished just before it could be cancelled: nothing to hand back.
      if ((await boss.getJobById(entry.name, entry.id))?.state !== 'cancelled') return;
      await entry.handBack(entry.data as never, entry.id);
      log.info({ queue: entry.name, jobId: entry.id }, 'job handed back to the queue at shutdown');
    } catch (error) {
      // Not lost: a photo whose job is gone is found and queued again by the stalled-photo check.
      log.error({ err: error, queue: entry.name, jobId: entry.id }, 'could not hand a job back at shutdown');
    }
  }

  function logOutcome(name: JobName, jobId: string, outcome: JobOutcome) {
    const fields = { queue: name, jobId, ...outcome };
    if (outcome.status === 'failed') log.warn(fields, 'job failed');
    else log.info(fields, `job ${outcome.status}`);
  }

  function drain() {
    draining ??= drainWorkers();
    return draining;
  }

  async function drainWorkers() {
    await Promise.all([...workedQueues].map((name) => boss.offWork(name)));
    const settled = (jobs: RunningJob[]) => Promise.all(jobs.map((job) => job.done));
    if (running.size) {
      log.info({ running: running.size, graceSeconds: graceMs / 1000 }, 'waiting for running jobs to finish');
      await atMost(settled([...running.values()]), graceMs);
    }
    handingBack = true;
    const unfinished = [...running.values()];
    await Promise.all(unfinished.map(handBackJob));
    await atMost(settled(unfinished), ABORTED_HANDLERS_WAIT_MS);
    for (const id of running.keys()) abandoned.add(id);
    if (abandoned.size) log.warn({ running: abandoned.size }, 'handed-back jobs still running at shutdown');
  }

  return {
    async send(name, data, options) {
      const payload = jobPayloadSchemas[name].parse(data);
      const sendOptions: PgBoss.SendOptions = {};
      if (options?.id) sendOptions.id = options.id;
      if (options?.startAfterSeconds) sendOptions.startAfter = options.startAfterSeconds;
      return boss.send(name, payload, sendOptions);
    },
    async isPending(name, id) {
      const job = await boss.getJobById(name, id);
      return job !== null && PENDING_STATES.has(job.state);
    },
    async work(name, concurrency, handler, options) {
      workedQueues.add(name);
      const handBack =
        options?.handBack ??
        (async (data: JobCatalogue[typeof name]) => {
          await boss.send(name, data, {});
        });
      const schema = jobPayloadSchemas[name];
      // pg-boss 10 runs one fetch loop per worker; concurrency is the number of loops.
      for (let i = 0; i < concurrency; i++) {
        await boss.work(
          name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: settings.pollingIntervalSeconds },
          async ([job]) => {
            if (!job) return;
            const parsed = schema.safeParse(job.data);
            if (!parsed.success) {
              // Not a crash: the job is failed (pg-boss records the reason) and this worker goes on.
              const reason = `bad payload: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`;
              log.error({ queue: name, jobId: job.id, status: 'failed', reason }, 'job failed');
              throw new Error(reason);
            }
            const controller = new AbortController();
            // A job fetched after draining began (its fetch was already on the way) is handed back unstarted.
            if (handingBack) controller.abort();
            const run: Promise<JobOutcome | undefined> = controller.signal.aborted
              ? Promise.resolve(undefined)
              : handler(parsed.data as JobCatalogue[typeof name], {
                  isLastAttempt: job.retryCount >= job.retryLimit,
                  signal: controller.signal,
                });
            let end: () => void = noop;
            const entry: RunningJob = {
              name,
              id: job.id,
              data: job.data,
              controller,
              done: run.then(noop, noop),
              ended: new Promise<void>((resolve) => (end = resolve)),
              handBack: handBack as RunningJob['handBack'],
            };
            running.set(job.id, entry);
            try {
              if (controller.signal.aborted) await handBackJob(entry);
              const outcome = await run;
              if (outcome && !controller.signal.aborted) logOutcome(name, job.id, outcome);
              return outcome;
            } catch (error) {
              // A handed-back job's handler ends however it ends; its job is cancelled and queued again.
              if (controller.signal.aborted) return undefined;
              log.warn({ err: error, queue: name, jobId: job.id }, 'job try failed');
              throw error;
            } finally {
              running.delete(job.id);
              end();
            }
          },
        );
      }
    },
    async schedule(name, cron) {
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    drain,
    async stop() {
      await drain();
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      // A fetch already on its way may still deliver a job (handed back at once), and pg-boss records a
      // finished job without awaiting it: the database must not close under either.
      const waitedFor = () => [...running.values()].filter((job) => !abandoned.has(job.id));
      while (inFlight.size || waitedFor().length) {
        await Promise.allSettled([...inFlight, ...waitedFor().map((job) => job.ended)]);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
