import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { unfilledBytes, unfilledFloat32 } from './unfilled-arrays';

const JEMALLOC = [
  '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2',
  '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2',
  '/usr/lib64/libjemalloc.so.2',
].find((file) => existsSync(file));

// 40 planes of 2 MB, each written whole and collected, as a photo's planning makes them; the page faults of the
// last 30 (the first ones map the memory). The allocator runs with the server's settings.
const childScript = (make: string) => `
import { unfilledFloat32 } from ${JSON.stringify(fileURLToPath(new URL('./unfilled-arrays.ts', import.meta.url)))};
const plane = () => { ${make}.fill(1); gc(); };
for (let i = 0; i < 10; i++) plane();
const before = process.resourceUsage().minorPageFault;
for (let i = 0; i < 30; i++) plane();
console.log(process.resourceUsage().minorPageFault - before);
`;

const faultsOf = (make: string) =>
  Number(
    execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', childScript(make)], {
      env: {
        PATH: process.env.PATH,
        LD_PRELOAD: JEMALLOC,
        MALLOC_CONF: 'background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0,narenas:1,oversize_threshold:0',
      },
      encoding: 'utf8',
    }),
  );

describe('unfilled arrays', () => {
  it('have the asked length, on a block of their own', () => {
    const values = unfilledFloat32(1000);
    expect(values).toHaveLength(1000);
    expect(values.byteOffset).toBe(0);
    expect(values.buffer.byteLength).toBe(4000);
    expect(unfilledBytes(12)).toHaveLength(12);
  });

  it.skipIf(!JEMALLOC)(
    'reuse a freed block under jemalloc without faulting its pages in again, as zeroed arrays do',
    () => {
      const zeroed = faultsOf('new Float32Array(512 * 1024)');
      const unfilled = faultsOf('unfilledFloat32(512 * 1024)');
      expect(zeroed).toBeGreaterThan(30 * 256); // jemalloc hands a reused block's pages back to zero them
      expect(unfilled).toBeLessThan(zeroed / 4);
    },
    30_000,
  );
});
