import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { createSmtpTransport } from './adapters/smtp-mail';
import type { Config } from './config';
import type { Database } from './infrastructure/db/client';
import { registerBodyDeadlines } from './infrastructure/http/body-deadlines';
import { registerErrorHandler } from './infrastructure/http/error-handler';
import { registerOriginGuard } from './infrastructure/http/origin-guard';
import {
  appContentSecurityPolicy,
  pageSecurityHeaders,
  registerSecurityHeaders,
} from './infrastructure/http/security-headers';
import { createAuth } from './modules/auth/auth';
import { authRoutes } from './modules/auth/routes';
import { registerSessionGuard } from './modules/auth/session';
import { SessionCache } from './modules/auth/session-cache';
import { createSignInThrottle } from './modules/auth/sign-in-throttle';
import { devRoutes } from './modules/dev/routes';
import { createOutboxTransport, type MailTransport } from './infrastructure/mail/mailer';
import { userRoutes } from './modules/users/routes';
import { openStorage } from './infrastructure/storage/create-storage';
import { debugRoutes } from './modules/debug/routes';
import { startQueue } from './adapters/pg-boss-queue';
import { photoRoutes } from './modules/photos/routes';
import { projectFileKeys } from './modules/photos/service';
import { listingRoutes } from './modules/listings/routes';
import { projectRoutes } from './modules/projects/routes';
import { ProjectListCache } from './modules/projects/service';
import { templateRoutes } from './modules/templates/routes';
import { usageRoutes } from './modules/access/routes';
import { startWorkers } from './workers';
import { registerOperations } from './operations';
import { meterUploads } from './infrastructure/metrics/metered';
import { createPostgresEventBus } from './adapters/postgres-notify';
import { registerBilling } from './modules/billing/register';
import { createLocalEventBus } from './infrastructure/event-bus/event-bus';
import { announceSessionChanges, eventRoutes } from './modules/events/routes';
import { createStreamLeases } from './modules/events/repository';
import { MAX_STREAMS_PER_USER, STREAM_LEASE_SECONDS, SubscriptionStreams } from './modules/events/subscription-stream';

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
}

/** Builds the whole HTTP app without listening, so tests can drive it directly. */
export async function buildApp({ config, database, logger }: AppDeps): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    genReqId: (request) => headerRequestId(request.headers['x-request-id']) ?? randomUUID(),
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    // Slow headers are cut by Node (checked every second); slow bodies by registerBodyDeadlines. No total
    // request timeout: an upload may take many minutes on a slow uplink, and ends only when it goes idle.
    http: { headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1000 },
    requestTimeout: 0,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  registerBodyDeadlines(app, config);
  await registerSecurityHeaders(app, config);
  registerOriginGuard(app, config.trustedOrigins);

  // Claimed first (local files belong to one process), and so released last (onClose hooks run last-added
  // first): after the queue has stopped and no job writes a file any more.
  const { storage, close: closeStorage } = await openStorage(config.storage);
  app.addHook('onClose', closeStorage);
  const { db } = database;
  const mail = createMailTransport(config, database, logger);
  app.addHook('onClose', async () => mail.close());

  const throttle = createSignInThrottle(db, config.signInThrottle);
  const auth = createAuth({ config, db, mail, throttle });
  // Live events reach every API process through PostgreSQL; with PGlite there is only this one.
  const bus = config.databaseUrl ? await createPostgresEventBus(config.databaseUrl, logger) : createLocalEventBus();
  app.addHook('onClose', async () => bus.close());
  registerSessionGuard(app, auth, new SessionCache(config.sessionCacheMs, bus));
  const devOutbox = mail.kind === 'outbox' && !config.isProduction;
  announceSessionChanges(app, { auth, bus });

  const metrics = await registerOperations(app, { config, database, storage, logger });
  await app.register(authRoutes, { auth, config, devOutbox });
  await app.register(userRoutes, { db, auth });
  if (devOutbox) await app.register(devRoutes, { db });

  const tempDir = path.join(config.dataDir, 'tmp');
  const engines = { generative: config.ai.providers.length > 0 };
  const queue = await startQueue(database, logger, config.queue);
  // Fastify runs onClose hooks last-added first: the queue stops, then the bus and mail. Workers stop taking
  // jobs as soon as closing starts, while HTTP requests drain; their grace runs from then.
  app.addHook('preClose', async () => void queue.drain().catch(() => undefined)); // stop() reports its errors
  app.addHook('onClose', async () => queue.stop());
  const payments = await registerBilling(app, { config, db, bus, log: logger });
  // ROLE=all runs the jobs here too; ROLE=api only sends them (ROLE=worker is server.ts's buildWorkerApp).
  const workers = config.runsWorkers
    ? await startWorkers(queue, { config, database, db, storage, payments, log: logger, tempDir, metrics, bus })
    : undefined;

  const retentionDays = config.retentionDays;
  await app.register(usageRoutes, { db, retentionDays });
  await app.register(templateRoutes, { engines });
  // Deleting a project deletes its photos' files: photos says which (it depends on projects, not the reverse).
  // The embedded database has this process as its only writer: the dashboard's lists can be kept between writes.
  const listCache = database.kind === 'pglite' ? new ProjectListCache() : undefined;
  await app.register(projectRoutes, {
    db,
    storage,
    retentionDays,
    log: logger,
    fileKeysOf: projectFileKeys,
    listCache,
  });
  await app.register(photoRoutes, {
    db,
    storage: meterUploads(storage, metrics),
    queue,
    engines,
    tempDir,
    headStarts: workers?.headStarts,
  });
  await app.register(listingRoutes, { db, storage, appUrl: config.appUrl });
  await app.register(debugRoutes);
  const leases = createStreamLeases(db, { maxPerUser: MAX_STREAMS_PER_USER, leaseSeconds: STREAM_LEASE_SECONDS });
  const streams = new SubscriptionStreams({ bus, leases, log: logger });
  app.addHook('preClose', async () => streams.closeAll());
  await app.register(eventRoutes, { auth, streams });

  await registerWebApp(app, config);
  return app;
}

function createMailTransport(config: Config, database: Database, logger: Logger): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : createOutboxTransport(database.db, logger);
}

function headerRequestId(value: string | string[] | undefined): string | undefined {
  const id = Array.isArray(value) ? value[0] : value;
  return id && /^[\w-]{1,100}$/.test(id) ? id : undefined;
}

/** Serves the built SPA; any unknown non-API GET gets index.html so client routes work on reload. */
async function registerWebApp(app: FastifyInstance, config: Config) {
  const distDir = config.webDistDir;
  const hasWebApp = existsSync(path.join(distDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build stores .br and .gz beside every text asset; browsers that accept them get those.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    registerPrerenderedPages(app, config);
  }
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/');
    if (hasWebApp && wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
  });
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

/**
 * The public pages the web build prerendered (dist/pages/<name>.html, index.html being '/'): complete HTML
 * before any script runs. '/' is the landing page only for visitors; a request carrying a session cookie gets
 * the app, which sends a signed-in user on to /dashboard.
 */
function registerPrerenderedPages(app: FastifyInstance, config: Config) {
  const distDir = config.webDistDir;
  const pagesDir = path.join(distDir, 'pages');
  if (!existsSync(pagesDir)) return;
  for (const file of readdirSync(pagesDir).filter((name) => name.endsWith('.html'))) {
    const name = file.slice(0, -'.html'.length);
    // The page's CSP allows its own inline loader and styles by hash; the app ('/' when signed in) keeps its own.
    const page = pageSecurityHeaders(config, readFileSync(path.join(pagesDir, file), 'utf8'));
    app.get(name === 'index' ? '/' : `/${name}`, page, (request, reply) => {
      const servesApp = name === 'index' && SESSION_COOKIE.test(request.headers.cookie ?? '');
      if (servesApp) reply.helmet({ contentSecurityPolicy: appContentSecurityPolicy(config) });
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie')
        .sendFile(servesApp ? 'index.html' : `pages/${file}`);
    });
  }
}
