import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APP_ORIGIN } from './app';
import { createPostgresDatabase } from './database';
import { freePort, startServerProcess, type ServerProcess } from './server-process';

/** Server processes of given roles, and the folders and databases they use, all removed by `cleanUp`. */
export function roleProcesses() {
  const running: ServerProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  return {
    async start(role: 'api' | 'worker', env: Record<string, string>) {
      const port = await freePort();
      const server = startServerProcess({
        ROLE: role,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: APP_ORIGIN,
        LOG_LEVEL: 'info',
        ...env,
      });
      running.push(server);
      return { server, port, baseUrl: `http://127.0.0.1:${port}` };
    },
    newDataDir() {
      const dir = mkdtempSync(path.join(tmpdir(), 'hearth-roles-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
    async newPostgres() {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      return database.url;
    },
    async cleanUp() {
      for (const server of running.splice(0)) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    },
  };
}

export const USE_POSTGRES_AND_S3 = 'use PostgreSQL (DATABASE_URL) and S3 (S3_BUCKET)';
