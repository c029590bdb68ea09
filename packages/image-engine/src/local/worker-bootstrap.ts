import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The code a worker thread is started with (`new Worker(code, { eval: true })`) to run the engine's worker
 * module `name` (without extension). From source (tests, `tsx`), tsx's loader is per thread: the bootstrap
 * registers it in the worker, then imports the module. The built server (scripts/build-server.mjs) has each
 * worker module as plain JavaScript beside its chunks, which the worker imports directly.
 */
export function workerBootstrap(name: string): string {
  if (!import.meta.url.endsWith('.ts')) {
    return `import(${JSON.stringify(new URL(`./${name}.mjs`, import.meta.url).href)});`;
  }
  return `
import(${JSON.stringify(tsxEsmApiUrl())})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL(`./${name}.ts`, import.meta.url).href)}); });
`;
}

/** tsx's ESM registration API, found through its package.json exports (require.resolve would pick its CJS build). */
function tsxEsmApiUrl(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('tsx/package.json');
  const manifest = require(manifestPath) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(path.join(path.dirname(manifestPath), manifest.exports['./esm/api']!.import.default)).href;
}
