// Runs the integration suite on PGlite and on PostgreSQL. Without a reachable PostgreSQL the
// PostgreSQL half is left out with a notice, unless REQUIRE_POSTGRES=1 (CI), where that is a failure.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const required = process.env.REQUIRE_POSTGRES === '1';

const reachable = await new Promise((resolve) => {
  const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432), timeout: 2000 });
  socket.once('connect', () => (socket.destroy(), resolve(true)));
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => (socket.destroy(), resolve(false)));
});

const projects = ['--project', 'pglite'];
if (reachable) projects.push('--project', 'postgres');
else if (required) {
  console.error(`PostgreSQL is required (REQUIRE_POSTGRES=1) but not reachable at ${url.host}.`);
  process.exit(1);
} else {
  console.warn(`PostgreSQL is not reachable at ${url.host}: running the integration suite on PGlite only.`);
}

const result = spawnSync('npx', ['vitest', 'run', ...projects, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
