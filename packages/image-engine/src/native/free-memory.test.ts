import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// The addon changes the allocator of the process it is loaded in, so each case runs in a child process of its
// own: 24 buffers of 8 MB are written and collected (twice: glibc maps the first ones apart, then raises its
// threshold and keeps the next in its heap), and the child reports its resident memory (MB) at each step.
const ADDON = createRequire(import.meta.url).resolve('@hearth/image-engine/native-free-memory');
const JEMALLOC = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
].find((file) => existsSync(file));

const CHILD = `
const addon = require(${JSON.stringify(ADDON)});
const rss = () => Math.round(process.memoryUsage.rss() / 2 ** 20);
const churn = () => { let kept = []; for (let i = 0; i < 24; i++) kept.push(Buffer.alloc(8 * 2 ** 20, 1)); kept = null; gc(); };
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
(async () => {
  const report = { before: rss() };
  report.allocator = addon.holdFreeMemory();
  churn();
  churn();
  await pause(1500); // longer than the configured decay
  report.held = rss();
  addon.releaseFreeMemory();
  report.released = rss();
  churn();
  await pause(2500); // five times the decay, for a busy machine
  report.decayedAfterRelease = rss();
  console.log(JSON.stringify(report));
})();
`;

function runChild(env: NodeJS.ProcessEnv) {
  const output = execFileSync(process.execPath, ['--expose-gc', '-e', CHILD], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(output) as Record<string, number | string> & Record<'before' | 'held' | 'released', number>;
}

describe('holding and releasing free memory', () => {
  it.skipIf(!JEMALLOC)(
    'keeps jemalloc from decaying while held, gives every free page back on release, then decays as configured',
    () => {
      const report = runChild({
        LD_PRELOAD: JEMALLOC,
        MALLOC_CONF: 'background_thread:true,dirty_decay_ms:500,muzzy_decay_ms:0,narenas:1,oversize_threshold:0',
      });
      expect(report.allocator).toBe('jemalloc');
      expect(report.held - report.before).toBeGreaterThan(150); // 192 MB freed, none given back
      expect(report.released - report.before).toBeLessThan(40);
      expect(Number(report.decayedAfterRelease) - report.before).toBeLessThan(40);
    },
    30_000,
  );

  it('trims glibc on release', () => {
    const report = runChild({});
    expect(report.allocator).toBe('glibc');
    expect(report.held - report.before).toBeGreaterThan(150);
    expect(report.released - report.before).toBeLessThan(40);
  }, 30_000);
});
