import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { createPgBossMonitor } from './adapters/pg-boss-monitor';
import { createPrometheusMetrics } from './adapters/prom-client-metrics';
import type { Config } from './config';
import type { Database } from './infrastructure/db/client';
import { meterHttp } from './infrastructure/metrics/metered';
import { noMetrics, type Metrics } from './infrastructure/metrics/metrics';
import type { ObjectStorage } from './infrastructure/storage/object-storage';
import { healthRoutes } from './modules/health/routes';

interface OperationsDeps {
  config: Pick<Config, 'role' | 'metricsToken'>;
  database: Database;
  storage: ObjectStorage;
  logger: Logger;
}

/**
 * What every process (either role) offers its operator: health, readiness and, with METRICS_TOKEN, Prometheus
 * metrics of its HTTP answers (decision 076). Call before any other route is added, so that every one is timed.
 * Returns the metrics for the jobs, uploads and provider calls to report to.
 */
export async function registerOperations(app: FastifyInstance, deps: OperationsDeps): Promise<Metrics> {
  const { config, database, storage, logger } = deps;
  const queues = createPgBossMonitor(database);
  const metrics = config.metricsToken ? createPrometheusMetrics({ role: config.role, queues, log: logger }) : noMetrics;
  meterHttp(app, metrics);
  await app.register(healthRoutes, { database, storage, queues, metrics, metricsToken: config.metricsToken });
  return metrics;
}
