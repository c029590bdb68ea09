/**
 * A Hearth server for one bench, from nothing: a fresh data directory and, for PostgreSQL, a fresh database,
 * so every bench starts from an empty queue and empty tables. A user is signed up, given a trial and an
 * allowance large enough that the bench measures transfer and processing, not quota.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createPostgresDatabase, TEST_DATABASE_URL } from '@hearth/server/test-support/database';
import { openDatabase } from '@hearth/server/test-support/internals';
import { Client, currentRssMb, freePort, ORIGIN, startServer, type Server } from './server';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases benches run on: PGlite always, PostgreSQL when its test server answers. */
export async function availableDatabases(): Promise<DatabaseKind[]> {
  if (process.env.BENCH_DATABASES) return process.env.BENCH_DATABASES.split(',') as DatabaseKind[];
  try {
    const database = await openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL });
    await database.query('select 1', []).finally(() => database.close());
    return ['pglite', 'postgres'];
  } catch {
    console.log(`PostgreSQL at ${TEST_DATABASE_URL} does not answer: PGlite only`);
    return ['pglite'];
  }
}

export interface Stack {
  kind: DatabaseKind;
  workDir: string;
  client: Client;
  /** RSS of the stack's first server (ROLE=api) on its new data directory, 3 s after it signed the user up. */
  firstStartRssMb: number;
  /** Starts the server on this stack's data (ROLE=all unless `env` says otherwise). */
  start(env?: Record<string, string>): Promise<Server>;
  dispose(): Promise<void>;
}

/** A fresh stack with one signed-in user whose allowance is `images` photos. */
export async function openStack(kind: DatabaseKind, images = 1000): Promise<Stack> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), `hearth-bench-${kind}-`));
  const postgres = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const port = await freePort();
  const baseEnv: Record<string, string> = {
    DATA_DIR: path.join(workDir, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: ORIGIN,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '/nonexistent',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  const client = new Client(`http://127.0.0.1:${port}`);
  const start = (env: Record<string, string> = {}) => startServer({ ...baseEnv, ...env });

  const first = await start({ ROLE: 'api' });
  await client.signUpAndStartTrial();
  // Idle, as the other idle figures are read: just after the migrations RSS may stand ~450 MB higher for a few
  // hundred milliseconds (docs/decisions/119).
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const firstStartRssMb = currentRssMb(first.pid);
  await first.stop();
  // Only one process may hold the PGlite directory, so the allowance is raised while the server is down.
  const database = postgres
    ? await openDatabase({ kind: 'postgres', url: postgres.url })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(baseEnv.DATA_DIR!, 'db') });
  try {
    await database.query('update usage_period set images_included = $1', [images]);
  } finally {
    await database.close();
  }
  return {
    kind,
    workDir,
    client,
    firstStartRssMb,
    start,
    async dispose() {
      await postgres?.drop();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
