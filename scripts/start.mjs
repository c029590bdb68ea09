// `npm start`: build the web app and the server if either is missing or older than its sources, then run
// the server (API, workers and the built SPA) in this process.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServerIfStale, builtServer, newestMtime } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/public-page.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
];

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...webSources.map((p) => newestMtime(path.join(root, p))));
if (builtAt < sourcesAt) {
  console.log('Building the web app...');
  execSync('npm run build -w @hearth/web', { cwd: root, stdio: 'inherit' });
}

await buildServerIfStale();
await import(pathToFileURL(builtServer).href);
