import { Cron } from 'croner';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { jobPayloadSchemas, type JobCatalogue, type JobName } from '@hearth/contracts';
import type { Database } from '../infrastructure/db/client';
import type { JobOutcome, Queue, QueueSettings, ScheduledJobName } from '../infrastructure/queue/queue';

/*
 * The job queue on pg-boss: the only file that imports it. Business modules see only the Queue interface
 * (infrastructure/queue/queue.ts).
 */

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
    // PGlite is one in-process connection: maintenance runs in this process too. Schedules are fired by this
    // adapter's own timers, not pg-boss's cron monitor (decision 118).
    schedule: false,
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
  /** This process's pg-boss worker loops, by queue: nudged to fetch at once instead of sleeping. */
  const workerIds = new Map<JobName, string[]>();
  const nudge = (name: JobName) => {
    for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
  };
  const running = new Map<string, RunningJob>();
  let handingBack = false;
  /** Handed back, but their handlers did not stop in time: the queue stops without them. */
  const abandoned = new Set<string>();
  let draining: Promise<void> | undefined;
  const graceMs = (settings.shutdownGraceSeconds ?? 0) * 1000;

  /** Cancels the job (so pg-boss's own completion of it changes nothing) and queues its work again. */
  async function handBackJob(entry: RunningJob) {
    try {
      // Cancelled before its handler is told to stop: a handler that stops at once returns to pg-boss, whose
      // completion of the job must find it cancelled already, or the work would be marked done and lost.
      try {
        await boss.cancel(entry.name, entry.id);
      } finally {
        entry.controller.abort();
      }
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

  /** This process's schedules; each sends its job at half past every minute its cron names (decision 118). */
  const schedules: Cron[] = [];
  async function sendScheduled(name: ScheduledJobName) {
    try {
      // One job per minute cluster-wide: every process that keeps the schedule sends it, and pg-boss keeps the
      // first of each minute (by the database's clock); the others' sends change nothing. Firing at second 30
      // keeps the minute the same for clocks up to 30 s apart.
      const id = await boss.send(name, {}, { singletonSeconds: 60 });
      if (id) nudge(name);
    } catch (error) {
      log.error({ err: error, queue: name }, 'could not send a scheduled job');
    }
  }

  function drain() {
    for (const timer of schedules) timer.stop();
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
      const id = await boss.send(name, payload, sendOptions);
      // A worker of this process that sleeps between polls takes the job now, not at its next poll.
      if (id) nudge(name);
      return id;
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
      // pg-boss 10 runs one fetch loop per worker; concurrency is the number of loops. Each loop sleeps the
      // polling interval after every fetch, even one that brought a job, which would cap a loop at one job per
      // interval; a loop that ran a job is nudged (notifyWorker) so it fetches the next one at once, and sleeps
      // only when the queue was empty (docs/decisions/080).
      const ids = workerIds.get(name) ?? [];
      workerIds.set(name, ids);
      for (let i = 0; i < concurrency; i++) {
        // Known once boss.work returns; a job that ends before then simply waits for the next poll.
        let workerId: string | undefined = undefined;
        workerId = await boss.work(
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
              if (workerId && !handingBack) boss.notifyWorker(workerId);
            }
          },
        );
        ids.push(workerId);
      }
    },
    async schedule(name, cron) {
      // pg-boss's table keeps the cluster's schedules where operators look for them (getSchedules);
      // its own cron monitor, which would send them, is off.
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
      if (draining) return;
      schedules.push(new Cron(`30 ${cron}`, { utcOffset: 0, unref: true }, () => sendScheduled(name)));
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
