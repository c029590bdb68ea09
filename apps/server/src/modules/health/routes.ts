import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  healthSchema,
  notReadySchema,
  READINESS_CHECKS,
  readySchema,
  type ReadinessCheck,
} from '@hearth/contracts';
import { isDatabaseReady, type Database } from '../../infrastructure/db/client';
import type { Metrics } from '../../infrastructure/metrics/metrics';
import type { QueueMonitor } from '../../infrastructure/queue/queue-monitor';
import type { ObjectStorage } from '../../infrastructure/storage/object-storage';

export interface HealthDeps {
  database: Database;
  storage: Pick<ObjectStorage, 'check'>;
  queues: Pick<QueueMonitor, 'check'>;
  metrics: Metrics;
  /** The bearer token `GET /metrics` asks for; unset, the route answers 404. */
  metricsToken: string | undefined;
}

/** A check that has not answered by then counts as unreachable: a probe must not hang with it. */
const READY_CHECK_TIMEOUT_MS = 5_000;

const NOT_FOUND = { message: 'Not found', code: 'NOT_FOUND' } as const;

/**
 * What a supervisor, load balancer or monitor asks a process (either role): `GET /api/health` (the process is
 * alive and has its database), `GET /api/ready` (database, storage and queue all answer: send it traffic or
 * jobs) and `GET /metrics` (Prometheus, behind METRICS_TOKEN). Decision 076.
 */
export async function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  const open = { auth: 'public' } as const; // anyone may ask: a load balancer, a monitor
  const { database } = deps;
  const checks: Record<ReadinessCheck, () => Promise<void>> = {
    database: async () => {
      if (!(await isDatabaseReady(database))) throw new Error('the database did not answer');
    },
    storage: () => deps.storage.check(),
    queue: () => deps.queues.check(),
  };

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: errorBodySchema } }, logLevel: 'warn', config: open },
    async (_request, reply) => {
      if (await isDatabaseReady(database)) return { status: 'ok' as const };
      return reply.status(503).send({ message: 'The database is not reachable.' });
    },
  );

  routes.get(
    '/api/ready',
    { schema: { response: { 200: readySchema, 503: notReadySchema } }, logLevel: 'warn', config: open },
    async (_request, reply) => {
      const results = await Promise.all(
        READINESS_CHECKS.map(async (name) => {
          try {
            await withinTimeout(checks[name](), READY_CHECK_TIMEOUT_MS);
            return [name, 'ok'] as const;
          } catch (error) {
            // The app's logger, not the request's: this route logs nothing below warn, and this says why.
            app.log.warn({ err: error, check: name }, `not ready: the ${name} is not reachable`);
            return [name, 'unreachable'] as const;
          }
        }),
      );
      const statuses = Object.fromEntries(results) as Record<ReadinessCheck, 'ok' | 'unreachable'>;
      const down = results.filter(([, status]) => status !== 'ok').map(([name]) => name);
      if (!down.length) return { status: 'ready' as const, checks: statuses };
      return reply.status(503).send({ message: notReadyMessage(down), code: 'NOT_READY', checks: statuses });
    },
  );

  // Outside /api: Prometheus scrapes /metrics by convention. Registered even without a token, so that the
  // SPA's fallback does not answer it with a page.
  app.get('/metrics', { logLevel: 'warn', config: open }, async (request, reply) => {
    if (!deps.metricsToken) return reply.status(404).send(NOT_FOUND);
    if (!bearerMatches(request.headers.authorization, deps.metricsToken)) return unauthorizedScrape(reply);
    const { contentType, body } = await deps.metrics.render();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });
}

function notReadyMessage(down: readonly ReadinessCheck[]) {
  const names = down.map((name) => `the ${name}`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `Not ready: ${list} ${names.length > 1 ? 'are' : 'is'} not reachable.`;
}

async function withinTimeout(check: Promise<void>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  try {
    await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Compares digests, so the time taken says nothing about how much of the token was right. */
function bearerMatches(header: string | undefined, token: string) {
  const presented = /^Bearer (.+)$/i.exec(header ?? '')?.[1]?.trim();
  if (!presented) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(token));
}

function unauthorizedScrape(reply: FastifyReply) {
  return reply
    .status(401)
    .header('www-authenticate', 'Bearer realm="metrics"')
    .send({ message: 'Send the METRICS_TOKEN as "Authorization: Bearer <token>".', code: 'UNAUTHORIZED' });
}
