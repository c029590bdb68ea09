import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { growingPercentFor, hasYoungBuffersFlag, MIN_ROOM_BYTES } from './heap-room';

const MB = 2 ** 20;

describe('growingPercentFor', () => {
  it('leaves at least MIN_ROOM_BYTES above a small live heap', () => {
    for (const live of [30, 40, 43, 65, 90]) {
      const percent = growingPercentFor(live * MB);
      expect((live * MB * percent) / 100).toBeGreaterThanOrEqual(MIN_ROOM_BYTES);
    }
    expect(growingPercentFor(40 * MB)).toBe(85);
    expect(growingPercentFor(65 * MB)).toBe(55);
  });

  it('never gives less than half the live heap, nor more than twice it', () => {
    expect(growingPercentFor(68 * MB)).toBe(50);
    expect(growingPercentFor(400 * MB)).toBe(50);
    expect(growingPercentFor(10 * MB)).toBe(200);
    expect(growingPercentFor(0)).toBe(200);
  });
});

describe('keepHeapRoom', () => {
  // A child process, as the flag is the whole process's: 512 MB of 64 KB Buffers read from /dev/zero, as an
  // upload's socket reads arrive, with the young generation the npm start scripts give the server.
  const probe = `
    import { createReadStream } from 'node:fs';
    import { keepHeapRoom } from ${JSON.stringify(path.join(import.meta.dirname, 'heap-room.ts'))};
    keepHeapRoom();
    let read = 0;
    let peak = 0;
    const stream = createReadStream('/dev/zero', { highWaterMark: 64 * 1024 });
    stream.on('data', (chunk) => {
      read += chunk.length;
      peak = Math.max(peak, process.memoryUsage().arrayBuffers);
      if (read >= 512 * 2 ** 20) {
        stream.destroy();
        console.log(JSON.stringify({ peakMb: peak / 2 ** 20 }));
      }
    });`;

  it("frees streamed Buffers in young collections within Node 20's 32 MB or less, on every Node.js", () => {
    const output = execFileSync(
      process.execPath,
      ['--max-semi-space-size=16', '--import', 'tsx', '--input-type=module', '-e', probe],
      { encoding: 'utf8' },
    );
    const { peakMb } = JSON.parse(output.trim().split('\n').at(-1)!) as { peakMb: number };
    // Node 20: 32 MB. Node 24: 16 MB with the flag, 59–65 MB without it.
    expect(peakMb).toBeLessThan(40);
  });

  it('sets the flag only where V8 has it', () => {
    expect(hasYoungBuffersFlag('13.6.233.17-node.53')).toBe(true);
    expect(hasYoungBuffersFlag('11.3.244.8-node.38')).toBe(false);
  });
});
