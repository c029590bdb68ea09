import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { openStorage } from './infrastructure/storage/create-storage';
import { createPostgresEventBus } from './adapters/postgres-notify';
import type { AppDeps } from './app';
import { registerErrorHandler } from './infrastructure/http/error-handler';
import { createWorkerPayments } from './modules/billing/register';
import { createLocalEventBus } from './infrastructure/event-bus/event-bus';
import { registerOperations } from './operations';
import { startQueue } from './adapters/pg-boss-queue';
import { startWorkers } from './workers';

/**
 * A worker process (ROLE=worker): runs every module's jobs and serves no API, only `GET /api/health`,
 * `GET /api/ready` and `GET /metrics` for its supervisor and monitoring; anything else is a JSON 404. Shutdown follows docs/decisions/041: the queue
 * drains at `preClose` (running jobs get the grace period, then are handed back) and stops at `onClose`;
 * server.ts closes the database after.
 */
export async function buildWorkerApp({ config, database, logger }: AppDeps): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({ loggerInstance: logger as FastifyBaseLogger, trustProxy: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Claimed first (local files belong to one process), and so released last (onClose hooks run last-added
  // first): after the queue has stopped and no job writes a file any more.
  const { storage, close: closeStorage } = await openStorage(config.storage);
  app.addHook('onClose', closeStorage);
  const metrics = await registerOperations(app, { config, database, storage, logger });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' }));

  const { db } = database;
  // The overage job's sandbox events announce plan changes to the user's tabs, served by the API processes.
  const bus = config.databaseUrl ? await createPostgresEventBus(config.databaseUrl, logger) : createLocalEventBus();
  app.addHook('onClose', async () => bus.close());
  const payments = await createWorkerPayments({ config, db, bus, log: logger });
  app.addHook('onClose', async () => payments.close());

  const queue = await startQueue(database, logger, config.queue);
  // Last added, so closed first (Fastify runs onClose hooks last-added first): the queue before the bus.
  app.addHook('preClose', async () => void queue.drain().catch(() => undefined)); // stop() reports its errors
  app.addHook('onClose', async () => queue.stop());
  const tempDir = path.join(config.dataDir, 'tmp');
  await startWorkers(queue, { config, database, db, storage, payments, log: logger, tempDir, metrics, bus });
  return app;
}
