/**
 * Baseline for the photo pipeline: a bare sharp decode + encode (full size, oriented, sRGB, quality 90: what
 * one photo costs at the least) of each input file, `concurrency` at a time, as Hearth's workers run
 * photos. Run as its own process, it prints one JSON line with its wall and CPU time:
 *
 *   node --import tsx bench/baselines/codec-loop.ts <concurrency> <output directory> <input files...>
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { normalizeToJpeg } from '@hearth/image-engine';

const [concurrencyArg = '2', outputDir = '/tmp/hearth-baseline-codec', ...inputs] = process.argv.slice(2);
const concurrency = Number(concurrencyArg);
await mkdir(outputDir, { recursive: true });

// A first photo loads libvips and its JPEG codec, as a running worker already has.
if (inputs[0]) await normalizeToJpeg(inputs[0], 'jpeg', path.join(outputDir, 'warm-up.jpg'));

const cpuBefore = process.cpuUsage();
const started = performance.now();
let next = 0;
async function lane() {
  while (next < inputs.length) {
    const index = next++;
    await normalizeToJpeg(inputs[index]!, 'jpeg', path.join(outputDir, `out-${index}.jpg`));
  }
}
await Promise.all(Array.from({ length: concurrency }, lane));
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
console.log(JSON.stringify({ photos: inputs.length, concurrency, wallMs, cpuMs: (cpu.user + cpu.system) / 1000 }));
