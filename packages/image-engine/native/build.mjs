// Builds the native addons (binding.gyp: the enhancement pass, the pixel kernels, the allocator's hold) when the
// package is installed. A machine without a C compiler still installs: the engine then uses its WebAssembly pass and its
// JavaScript blend (src/native/load-addon.ts).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const directory = import.meta.dirname;
// npm hands its own node-gyp to install scripts; outside npm, the one npm bundles beside itself.
const nodeGyp =
  process.env.npm_config_node_gyp ??
  createRequire(path.join(path.dirname(process.execPath), '../lib/node_modules/npm/')).resolve(
    'node-gyp/bin/node-gyp.js',
  );
const result = spawnSync(process.execPath, [nodeGyp, 'rebuild'], { cwd: directory, stdio: 'inherit' });
if (result.status !== 0) {
  console.warn(
    `\nHearth: the native addons did not build (${result.error?.message ?? `exit ${result.status}`}).` +
      '\nEverything works without them; Professional Enhancement takes the WebAssembly pass, about 1.5× slower,' +
      '\nand area edits blend in JavaScript.\n',
  );
}
