import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { Metrics } from '../infrastructure/metrics/metrics';
import type { QueueMonitor } from '../infrastructure/queue/queue-monitor';

/*
 * Metrics on prom-client: the only file that imports it. Each app builds its own registry (tests build many
 * apps in one process; prom-client's global registry would mix them).
 */

export interface PrometheusMetricsOptions {
  /** 'api' or 'worker' (ROLE=all reports as 'all'): a label on every metric, to tell the processes apart. */
  role: string;
  /** Read at every scrape for the queue gauges; omitted, there are none. */
  queues?: QueueMonitor;
  log: Pick<Logger, 'warn'>;
}

// Requests range from a cached health check (ms) to a photo upload on a slow uplink (minutes).
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
// Image models answer in seconds to a couple of minutes (AI_TIMEOUT_SECONDS is 120 by default).
const PROVIDER_BUCKETS = [0.5, 1, 2, 5, 10, 20, 30, 45, 60, 90, 120, 180];

export function createPrometheusMetrics({ role, queues, log }: PrometheusMetricsOptions): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ role });
  collectDefaultMetrics({ register: registry, prefix: 'hearth_' });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'hearth_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers,
  });
  const jobRuns = new Counter({
    name: 'hearth_job_runs_total',
    help: 'Job handler runs by queue and outcome (error: the try threw and may be retried).',
    labelNames: ['queue', 'outcome'] as const,
    registers,
  });
  const photos = new Counter({
    name: 'hearth_photos_finished_total',
    help: 'Photos that reached a final state: completed, or failed (their image given back).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const providerDuration = new Histogram({
    name: 'hearth_provider_call_duration_seconds',
    help: 'Duration of each call (attempt) to a generative image provider, by vendor and outcome.',
    labelNames: ['vendor', 'outcome'] as const,
    buckets: PROVIDER_BUCKETS,
    registers,
  });
  const providerCost = new Counter({
    name: 'hearth_provider_cost_usd_total',
    help: 'What the generative providers said their answered calls cost, in US dollars, by vendor.',
    labelNames: ['vendor'] as const,
    registers,
  });
  const uploadBytes = new Counter({
    name: 'hearth_upload_bytes_total',
    help: 'Bytes of uploaded photos (originals) stored.',
    registers,
  });
  const headStarts = new Counter({
    name: 'hearth_photo_head_starts_total',
    help: 'Previews and results begun while their batch uploaded: taken by their job, or unused (redone by it).',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of ['completed', 'failed'] as const) photos.inc({ outcome }, 0);
  for (const outcome of ['taken', 'unused'] as const) headStarts.inc({ outcome }, 0);

  if (queues) registerQueueGauges(queues, registers, log);

  return {
    httpRequest({ method, route, statusCode, seconds }) {
      httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    jobFinished: (queue, outcome) => jobRuns.inc({ queue, outcome }),
    photosFinished: (outcome, count) => photos.inc({ outcome }, count),
    providerCall({ vendor, outcome, seconds, costUsd }) {
      providerDuration.observe({ vendor, outcome }, seconds);
      if (costUsd !== undefined && costUsd > 0) providerCost.inc({ vendor }, costUsd);
    },
    uploadBytes: (bytes) => uploadBytes.inc(bytes),
    headStart: (outcome) => headStarts.inc({ outcome }),
    render: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}

/** Queue depth and age, read from the queue at scrape time: cluster-wide numbers, the same from every process. */
function registerQueueGauges(queues: QueueMonitor, registers: Registry[], log: Pick<Logger, 'warn'>) {
  let reading: Promise<Awaited<ReturnType<QueueMonitor['stats']>>> | undefined;
  // Both gauges are collected in one scrape: they share one query.
  const stats = () => {
    reading ??= queues.stats().finally(() => setImmediate(() => (reading = undefined)));
    return reading;
  };
  const collect = async (apply: (row: Awaited<ReturnType<typeof stats>>[number]) => void, reset: () => void) => {
    reset();
    try {
      for (const row of await stats()) apply(row);
    } catch (error) {
      // The scrape still answers (the other metrics, and readiness tells what is down).
      log.warn({ err: error }, 'could not read the job queue for metrics');
    }
  };
  new Gauge({
    name: 'hearth_queue_jobs',
    help: 'Jobs in each queue, cluster-wide: waiting (may start now), deferred (start later) and running.',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      await collect(
        (row) => {
          this.set({ queue: row.queue, state: 'waiting' }, row.waiting);
          this.set({ queue: row.queue, state: 'deferred' }, row.deferred);
          this.set({ queue: row.queue, state: 'running' }, row.running);
        },
        () => this.reset(),
      );
    },
  });
  new Gauge({
    name: 'hearth_queue_oldest_waiting_seconds',
    help: 'How long the longest-waiting job of each queue that may start now has waited (0 when none waits).',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      await collect(
        (row) => this.set({ queue: row.queue }, row.oldestWaitingSeconds),
        () => this.reset(),
      );
    },
  });
}
