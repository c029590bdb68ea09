import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Creates a new PGlite data directory in a short-lived process of its own, so that the server that then opens
 * it does not keep what creating it cost (decision 119). PGlite runs initdb as a WebAssembly module of its
 * own, and the process that ran it keeps ~500 MB more for as long as it runs: a first `npm start` sat at
 * 676 MB RSS, against 204 MB once restarted. A worker thread would not do: its native memory stays in
 * glibc's arena after it ends. A directory that already holds a cluster (PG_VERSION) is left alone.
 */
export async function createPgliteDataDirApart(dataDir: string, startParams: string[]): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  const job = JSON.stringify({ module: pgliteModule, dataDir, startParams });
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, ['-e', CREATE_SOURCE, job], (error, _stdout, stderr) => {
      if (!error) return resolve();
      const reason = stderr.trim().split('\n').at(-1) || error.message;
      reject(new Error(`Creating the database in ${dataDir} failed: ${reason}`));
    }),
  );
}

const pgliteModule = createRequire(import.meta.url).resolve('@electric-sql/pglite');

// CommonJS run by `node -e`: PGlite's own CommonJS build, opened on the directory (which runs initdb there)
// and closed again. The job is the last argument.
const CREATE_SOURCE = `
const { module, dataDir, startParams } = JSON.parse(process.argv.at(-1));
const { PGlite } = require(module);
(async () => {
  const client = new PGlite(dataDir, { startParams });
  await client.waitReady;
  await client.close();
})().catch((error) => {
  console.error(String(error && error.message ? error.message : error));
  process.exit(1);
});
`;
