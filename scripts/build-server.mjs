// Builds the server into apps/server/dist as plain JavaScript (docs/decisions/086): `npm start` then runs no
// TypeScript loader, which costs every process (and every engine worker thread) a loader thread and ~60 MB.
// The workspace packages (@hearth/*) are bundled in; everything from npm stays an ordinary import.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import lockfile from 'proper-lockfile';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'apps/server/dist');
export const builtServer = path.join(serverDist, 'server.mjs');
const sources = ['apps/server/src', 'packages/image-engine/src', 'packages/contracts/src', 'package-lock.json'];

export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), 0);
}

const builtAt = () => (existsSync(builtServer) ? statSync(builtServer).mtimeMs : 0);

/**
 * Builds the server unless the build is newer than every source it is made of. Under a lock: the browser
 * tests start two servers at once, and one must not delete the files the other is loading.
 */
export async function buildServerIfStale() {
  const release = await lockfile.lock(path.join(root, 'apps/server'), {
    lockfilePath: path.join(root, 'apps/server/.build.lock'),
    retries: { retries: 60, minTimeout: 250, maxTimeout: 1000 },
  });
  try {
    const sourcesAt = Math.max(...sources.map((p) => newestMtime(path.join(root, p))));
    if (builtAt() < sourcesAt) await buildServer();
  } finally {
    await release();
  }
}

async function buildServer() {
  console.log('Building the server...');
  rmSync(serverDist, { recursive: true, force: true }); // chunks of an earlier build have other names
  await build({
    absWorkingDir: root,
    // The engine's worker modules are entries of their own: worker threads load them by file
    // (local/worker-bootstrap.ts).
    entryPoints: {
      server: 'apps/server/src/server.ts',
      'pass-worker': 'packages/image-engine/src/local/pass-worker.ts',
      'photo-worker': 'packages/image-engine/src/local/photo-worker.ts',
    },
    outdir: serverDist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [npmPackagesStayExternal],
  });
}

/** Bare imports other than our own workspaces are left to Node, so native modules and WASM load as usual. */
const npmPackagesStayExternal = {
  name: 'npm-packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@hearth/') ? undefined : { path: args.path, external: true },
    );
  },
};

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServerIfStale();
