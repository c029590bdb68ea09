import type { Logger } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DatabaseLockedError, openDatabase } from './infrastructure/db/client';
import path from 'node:path';
import { describeStorage, StorageLockedError } from './infrastructure/storage/create-storage';
import { collectAfterStartUp } from './infrastructure/memory/collect-when-idle';
import { keepHeapRoom } from './infrastructure/memory/heap-room';
import { createLogger } from './logger';
import { buildWorkerApp } from './worker-app';

// Before anything streams: room in the heap for an upload's or a download's Buffers (decisions 085, 113).
keepHeapRoom();

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
    { onConnectionError: (error) => logger.warn({ err: error }, 'database connection closed by the server') },
  );
  await database.migrate();
  logger.info({ database: database.kind, storage: describeStorage(config.storage) }, 'migrations applied');
  warnOfEmbeddedPartsWhenSplit(config, logger);

  // ROLE=worker runs the jobs behind a health endpoint only; ROLE=api and ROLE=all serve the API (all: and jobs).
  const app = await (config.role === 'worker' ? buildWorkerApp : buildApp)({ config, database, logger });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    // In order: no new requests or jobs, running ones finish within the grace period or are handed back to
    // the queue, the queue stops, and the database closes last (an onClose hook would run before the
    // queue's, as Fastify runs them last-added first).
    const forceExit = setTimeout(() => process.exit(1), (config.queue.shutdownGraceSeconds + 30) * 1000).unref();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(forceExit);
    logger.info('shut down');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  collectAfterStartUp();
  if (config.role === 'worker') logger.info(`Hearth worker is running (health at port ${config.port})`);
  else logger.info(`Hearth is running at ${config.appUrl}`);
}

/**
 * ROLE=api or ROLE=worker alone on the embedded database or local files: they cannot be shared (a second
 * process on them is refused), so no other process can do the other half of the work.
 */
function warnOfEmbeddedPartsWhenSplit(config: Config, logger: Logger) {
  if (config.role === 'all') return;
  const embedded = [
    ...(config.databaseUrl ? [] : ['the embedded database (no DATABASE_URL)']),
    ...(config.storage.kind === 'local' ? ['local files (no S3_BUCKET)'] : []),
  ];
  if (!embedded.length) return;
  const missing = config.role === 'api' ? 'no worker can run its jobs' : 'no API process can serve its photos';
  logger.warn(
    `ROLE=${config.role} on ${embedded.join(' and ')}: these serve one process only, so ${missing}. ` +
      'Use ROLE=all, or PostgreSQL (DATABASE_URL) and S3 (S3_BUCKET) to run API and worker processes apart.',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError || error instanceof StorageLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
