import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import { SERVER_PACKAGE_DIR } from '../../paths';
import { createPgliteDataDirApart } from './pglite-initdb';
import { PgliteWithNamedStatements } from './pglite-statements';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL with parameters; used by libraries that bring their own queries (pg-boss). */
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(SERVER_PACKAGE_DIR, 'drizzle');

/**
 * PGlite's Postgres keeps its shared buffers in this process's memory: 128 MB by default, and it touches
 * most of them. One account's data works in 16 MB; the files stay in the system's page cache anyway
 * (docs/decisions/086: idle RSS 359–369 → 229–231 MB, batch peak 660 → 504 MB).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
/** Any fixed number: serialises migrations when several processes start against one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_412_093;

export class DatabaseLockedError extends Error {}

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir?: string };

export interface DatabaseOptions {
  /** Told when PostgreSQL closes an idle pooled connection (restart, failover, an administrator). */
  onConnectionError?: (error: Error) => void;
}

export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url, options) : openPglite(target.dataDir);
}

async function openPostgres(url: string, { onConnectionError }: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // The pool drops such a connection and opens another for the next query; without a listener, node-postgres
  // would raise the error as an uncaught exception and end the process.
  pool.on('error', (error) => onConnectionError?.(error));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    query: async (text, params) => pool.query(text, params as unknown[]),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite keeps the whole database in this process; a second process on the same directory
 * would silently lose writes, so the directory is locked for as long as we hold it.
 */
async function openPglite(dataDir: string | undefined): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    try {
      release = await lockfile.lock(dataDir, { stale: 5_000, update: 2_000, realpath: false });
    } catch {
      throw new DatabaseLockedError(
        `The database in ${dataDir} is in use by another Hearth process. Stop it first, or set DATA_DIR to another ` +
          `folder. The embedded database and local files serve one process only: to run API and worker processes ` +
          `apart (ROLE=api, ROLE=worker), use PostgreSQL (DATABASE_URL) and S3 (S3_BUCKET).`,
      );
    }
  }
  if (dataDir) await createPgliteDataDirApart(dataDir, PGLITE_START_PARAMS);
  const client = new PGlite(dataDir, { startParams: PGLITE_START_PARAMS });
  const named = new PgliteWithNamedStatements(client);
  const db = drizzlePglite(named as unknown as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // Without parameters the text may hold several statements (pg-boss's own migrations): exec runs them all.
    query: async (text, params) => {
      if (params?.length) return named.query(text, params);
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async close() {
      await client.close();
      await release?.();
    },
  };
}

export async function isDatabaseReady(database: Database): Promise<boolean> {
  try {
    await database.db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
