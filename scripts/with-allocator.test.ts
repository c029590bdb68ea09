import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The npm start scripts' allocator choice (docs/decisions/097), seen from inside the process it starts. */
const WRAPPER = path.join(import.meta.dirname, 'with-allocator.sh');
const JEMALLOC_PATHS = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
  '/usr/lib/libjemalloc.so.2',
  '/usr/local/lib/libjemalloc.so.2',
];
/** The library the script should find on this machine, if any. */
const installed = JEMALLOC_PATHS.find((candidate) => existsSync(candidate));

/**
 * What a Node.js process started through the wrapper reports of its allocator, after sharp encoded a JPEG, and
 * of its young generation, after a few hundred megabytes of short-lived objects.
 */
function startedThrough(env: Record<string, string>) {
  const probe = `
    const sharp = require('sharp');
    sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).jpeg().toBuffer().then((jpeg) => {
      let kept = [];
      for (let i = 0; i < 3e6; i++) kept.push({ i });
      kept = null;
      const newSpace = require('node:v8').getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
      const maps = require('node:fs').readFileSync('/proc/self/maps', 'utf8');
      console.log(JSON.stringify({
        preload: process.env.LD_PRELOAD ?? null,
        conf: process.env.MALLOC_CONF ?? null,
        arenaMax: process.env.MALLOC_ARENA_MAX,
        mmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_,
        jemallocMapped: maps.includes('libjemalloc'),
        jpegBytes: jpeg.length,
        nodeOptions: process.env.NODE_OPTIONS,
        newSpaceMb: newSpace.space_size / 2 ** 20,
      }));
    });`;
  const output = execFileSync('sh', [WRAPPER, process.execPath, '-e', probe], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as Record<string, unknown>;
}

describe('scripts/with-allocator.sh', () => {
  it("holds V8's young generation to 16 MB semi-spaces, unless NODE_OPTIONS names another size", () => {
    const seen = startedThrough({});
    expect(seen.nodeOptions).toBe('--max-semi-space-size=16');
    // Two semi-spaces: 32 MB on Node 20 and 24 alike (Node 24 alone would grow them to 128 MB).
    expect(seen.newSpaceMb).toBeLessThanOrEqual(32);
    const given = startedThrough({ NODE_OPTIONS: '--max-semi-space-size=64' });
    expect(given.nodeOptions).toBe('--max-semi-space-size=16 --max-semi-space-size=64');
    expect(given.newSpaceMb).toBeGreaterThan(32);
  });

  it('runs the command with jemalloc when the system has it, else with glibc tuned', () => {
    const seen = startedThrough({});
    expect(seen).toMatchObject({ arenaMax: '2', mmapThreshold: '1048576', jpegBytes: expect.any(Number) });
    if (installed) {
      expect(seen).toMatchObject({
        preload: installed,
        conf: 'background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,narenas:1,oversize_threshold:0',
        jemallocMapped: true,
      });
    } else {
      expect(seen).toMatchObject({ preload: null, jemallocMapped: false });
    }
  });

  it('keeps glibc with JEMALLOC=off, and leaves an LD_PRELOAD or MALLOC_CONF given to it as it is', () => {
    expect(startedThrough({ JEMALLOC: 'off' })).toMatchObject({ preload: null, conf: null, jemallocMapped: false });
    if (!installed) return;
    expect(startedThrough({ MALLOC_CONF: 'dirty_decay_ms:5000' })).toMatchObject({
      preload: installed,
      conf: 'dirty_decay_ms:5000',
    });
    expect(startedThrough({ LD_PRELOAD: installed, MALLOC_CONF: '' })).toMatchObject({ preload: installed, conf: '' });
  });
});
