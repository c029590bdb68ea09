import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseLockedError, openDatabase } from './db/client';
import path from 'node:path';
import { createLogger } from './logger';
import { buildWorkerApp } from './worker-app';

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
  logger.info({ database: database.kind }, 'migrations applied');

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
  if (config.role === 'worker') logger.info(`Hearth worker is running (health at port ${config.port})`);
  else logger.info(`Hearth is running at ${config.appUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
