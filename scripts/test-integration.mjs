// Runs the integration suite on PGlite and on PostgreSQL. Without a reachable PostgreSQL the
// PostgreSQL half is left out with a notice, unless REQUIRE_POSTGRES=1 (CI), where that is a failure.
// TEST_DATABASES=pglite runs the PGlite half alone (CI's second runtime, docs/decisions/077).
import { spawnSync } from 'node:child_process';
import net from 'node:net';

const pgliteOnly = process.env.TEST_DATABASES === 'pglite';
if (process.env.TEST_DATABASES && !pgliteOnly) {
  console.error(`TEST_DATABASES is "pglite" or unset (both databases), not "${process.env.TEST_DATABASES}".`);
  process.exit(1);
}
const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const required = process.env.REQUIRE_POSTGRES === '1';

const reachable =
  !pgliteOnly &&
  (await new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432), timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  }));

const projects = ['--project', 'pglite'];
if (pgliteOnly) console.log('TEST_DATABASES=pglite: running the integration suite on PGlite only.');
else if (reachable) projects.push('--project', 'postgres');
else if (required) {
  console.error(`PostgreSQL is required (REQUIRE_POSTGRES=1) but not reachable at ${url.host}.`);
  process.exit(1);
} else {
  console.warn(`PostgreSQL is not reachable at ${url.host}: running the integration suite on PGlite only.`);
}

const result = spawnSync('npx', ['vitest', 'run', ...projects, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
