/**
 * Benchmark of the image side of the photo pipeline (issue 3, `bench/pipeline`):
 *
 *   npx tsx bench/pipeline/enhance.ts            (from the repository root; ROUNDS=7 for more runs)
 *
 * - Local Professional Enhancement of a 24 MP JPEG at full resolution, against a bare sharp decode + encode
 *   of the same file (same quality, same thread count): medians of wall and CPU time, their ratio (target
 *   ≤ 2.5×), and the peak RSS of each run with its growth over the RSS before it.
 * - Decode + enhancement of a 12 MP HEIC (made with Debian's heif-enc when it is installed).
 *
 * Inputs are made at run time in a temporary folder from the committed furnished-interior test photo,
 * enlarged and given sensor-like grain so they compress and decode like a real 24 MP photo. Every
 * measurement runs in a fresh child process (a cold run, warm-up runs, then the timed run, so memory and
 * JIT state are its own), alternating between the modes so that other load on the machine hits both alike. Prints a table and writes bench/results/pipeline-enhance.json.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  decodeToRgb,
  describeEnhancementPass,
  describeImageCodec,
  encodeRgbToJpeg,
  normalizeToJpeg,
  resizeRgb,
  type RgbImage,
  runLocalEngine,
  type ImageType,
} from '@hearth/image-engine';
import { fixturePhotoPath } from '@hearth/image-engine/test-support';
import { load1, resultsDir, type SummaryRow } from '../support/report';
import { addSensorGrain } from '../support/sensor-grain';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_PHOTO = fixturePhotoPath('furnished-interior.jpg');
const RESULTS_FILE = path.join(resultsDir(), 'pipeline-enhance.json');
const ROUNDS = Number(process.env.ROUNDS ?? 5);
/** The local engine's own target (issue 16): Professional Enhancement ≤ 1.5× a bare decode + encode. */
const TARGET_RATIO = 1.5;

type Mode = 'bare' | 'enhance' | 'enhance-heic';

interface Measurement {
  /** The first run in a fresh process: module loading, JIT warm-up and (for the engine) worker start-up. */
  coldWallMs: number;
  /** A run in a warmed-up process, as a long-running worker serves photos. */
  wallMs: number;
  cpuMs: number;
  /** Highest RSS sampled (every 5 ms) during the timed run, after a full garbage collection. */
  peakRssMb: number;
  /** That peak minus the RSS just before the run: what one photo costs. */
  rssGrowthMb: number;
}

async function main() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-bench-'));
  try {
    console.log(`Preparing inputs in ${workDir} ...`);
    const inputs = await prepareInputs(workDir);
    const bare = [] as Measurement[];
    const enhance = [] as Measurement[];
    for (let round = 1; round <= ROUNDS; round++) {
      bare.push(runChild('bare', inputs.jpeg24, workDir));
      enhance.push(runChild('enhance', inputs.jpeg24, workDir));
      console.log(`round ${round}/${ROUNDS}: bare ${bare.at(-1)!.wallMs} ms, enhance ${enhance.at(-1)!.wallMs} ms`);
    }
    const heic = inputs.heic12
      ? Array.from({ length: ROUNDS }, () => runChild('enhance-heic', inputs.heic12!, workDir))
      : [];
    const report = buildReport(inputs, bare, enhance, heic);
    await writeFile(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
    printReport(report);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

interface Inputs {
  jpeg24: string;
  jpeg24Bytes: number;
  width: number;
  height: number;
  heic12: string | null;
  heic12Bytes: number | null;
  heicNote: string;
}

async function prepareInputs(workDir: string): Promise<Inputs> {
  const source = await decodeToRgb(SOURCE_PHOTO, 'jpeg');
  const large = await resizeRgb(source, 6000, { enlarge: true });
  addSensorGrain(large, 4);
  const jpeg24 = path.join(workDir, 'photo-24mp.jpg');
  await encodeRgbToJpeg(large, jpeg24);
  const heic = await makeHeic(large, workDir);
  return {
    jpeg24,
    jpeg24Bytes: (await stat(jpeg24)).size,
    width: large.width,
    height: large.height,
    ...heic,
  };
}

async function makeHeic(large: RgbImage, workDir: string) {
  const jpeg12 = path.join(workDir, 'photo-12mp.jpg');
  const heic12 = path.join(workDir, 'photo-12mp.heic');
  await encodeRgbToJpeg(await resizeRgb(large, 4243), jpeg12); // 4243 × 2829 ≈ 12 MP
  try {
    execFileSync('heif-enc', ['-q', '50', '-o', heic12, jpeg12], { stdio: 'ignore' });
    return { heic12, heic12Bytes: (await stat(heic12)).size, heicNote: 'heif-enc -q 50 (x265)' };
  } catch {
    return {
      heic12: null,
      heic12Bytes: null,
      heicNote: 'skipped: heif-enc not installed (apt-get install libheif-examples)',
    };
  }
}

function runChild(mode: Mode, input: string, workDir: string): Measurement {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, import.meta.filename, '--measure', mode, input, workDir],
    {
      encoding: 'utf8',
    },
  );
  if (child.status !== 0) throw new Error(`${mode} run failed:\n${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Measurement;
}

/** Runs before the timed one, after the cold run: enough for the JIT to settle on the hot loops. */
const WARM_UP_RUNS = 2;

/** In the child: a cold run, warm-up runs, then the timed run; prints one JSON line. */
async function measureOnce(mode: Mode, input: string, workDir: string) {
  const output = path.join(workDir, `out-${mode}-${process.pid}.jpg`);
  const inputType: ImageType = mode === 'enhance-heic' ? 'heic' : 'jpeg';
  const run =
    mode === 'bare'
      ? () => normalizeToJpeg(input, 'jpeg', output)
      : () =>
          runLocalEngine({ inputPath: input, inputType, outputPath: output, operations: ['professional-enhancement'] });
  const coldStart = performance.now();
  await run();
  const coldWallMs = Math.round(performance.now() - coldStart);
  for (let i = 1; i < WARM_UP_RUNS; i++) await run();
  globalThis.gc?.(); // earlier runs' frames are garbage now; without this they would count in the peak
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await run();
  const wallMs = Math.round(performance.now() - started);
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const measurement: Measurement = {
    coldWallMs,
    wallMs,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    peakRssMb: Math.round(peakRss / 2 ** 20),
    rssGrowthMb: Math.round((peakRss - rssBefore) / 2 ** 20),
  };
  console.log(JSON.stringify(measurement));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};

function summarise(runs: Measurement[]) {
  return {
    medianWallMs: median(runs.map((r) => r.wallMs)),
    medianColdWallMs: median(runs.map((r) => r.coldWallMs)),
    medianCpuMs: median(runs.map((r) => r.cpuMs)),
    peakRssMb: Math.max(...runs.map((r) => r.peakRssMb)),
    maxRssGrowthMb: Math.max(...runs.map((r) => r.rssGrowthMb)),
    runs,
  };
}

function buildReport(inputs: Inputs, bare: Measurement[], enhance: Measurement[], heic: Measurement[]) {
  const bareSummary = summarise(bare);
  const enhanceSummary = summarise(enhance);
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  return {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      node: process.version,
      loadAverage: os.loadavg(),
    },
    codec: describeImageCodec(),
    enhancementPass: describeEnhancementPass(),
    rounds: ROUNDS,
    input24mp: { width: inputs.width, height: inputs.height, bytes: inputs.jpeg24Bytes },
    bareDecodeEncode: bareSummary,
    professionalEnhancement: enhanceSummary,
    ratio: {
      wall: ratio(enhanceSummary.medianWallMs, bareSummary.medianWallMs),
      cpu: ratio(enhanceSummary.medianCpuMs, bareSummary.medianCpuMs),
      target: TARGET_RATIO,
    },
    summary: [
      {
        metric: `Professional Enhancement ${inputs.width}×${inputs.height} JPEG, one photo, wall`,
        hearth: `${enhanceSummary.medianWallMs} ms`,
        baseline: `${bareSummary.medianWallMs} ms`,
        ratio: ratio(enhanceSummary.medianWallMs, bareSummary.medianWallMs),
        target: `≤ ${TARGET_RATIO}×`,
        met: ratio(enhanceSummary.medianWallMs, bareSummary.medianWallMs) <= TARGET_RATIO,
        loadAverage: load1(),
      },
      {
        metric: 'same, CPU',
        hearth: `${enhanceSummary.medianCpuMs} ms`,
        baseline: `${bareSummary.medianCpuMs} ms`,
        ratio: ratio(enhanceSummary.medianCpuMs, bareSummary.medianCpuMs),
        target: '—',
        met: null,
        loadAverage: load1(),
      },
    ] satisfies SummaryRow[],
    heic12mp: heic.length
      ? { bytes: inputs.heic12Bytes, encoder: inputs.heicNote, ...summarise(heic) }
      : { skipped: inputs.heicNote },
  };
}

type Summary = ReturnType<typeof summarise>;

function printReport(report: ReturnType<typeof buildReport>) {
  const cell = (value: number, unit: string) => `${value} ${unit}`.padStart(10);
  const row = (name: string, s: Summary) =>
    `${name.padEnd(38)}${cell(s.medianWallMs, 'ms')}${cell(s.medianCpuMs, 'ms')}${cell(s.peakRssMb, 'MB')}${cell(s.maxRssGrowthMb, 'MB')}${cell(s.medianColdWallMs, 'ms')}`;
  console.log(
    `\n${''.padEnd(38)}${'wall'.padStart(10)}${'cpu'.padStart(10)}${'peak RSS'.padStart(10)}${'growth'.padStart(10)}${'cold'.padStart(10)}`,
  );
  console.log(row(`bare decode+encode ${report.input24mp.width}×${report.input24mp.height}`, report.bareDecodeEncode));
  console.log(row('Professional Enhancement, full size', report.professionalEnhancement));
  if ('medianWallMs' in report.heic12mp) console.log(row('12 MP HEIC decode + enhancement', report.heic12mp));
  else console.log(`12 MP HEIC: ${report.heic12mp.skipped}`);
  const { wall, cpu, target } = report.ratio;
  console.log(`\nenhancement / bare: ${wall}× wall, ${cpu}× CPU (target ≤ ${target}×, on wall time)`);
  console.log('medians of warm runs; "cold" is the first run in a fresh process (worker start-up, JIT)');
  console.log(`written to ${path.relative(ROOT, RESULTS_FILE)}`);
}

if (process.argv[2] === '--measure') {
  await measureOnce(process.argv[3] as Mode, process.argv[4]!, process.argv[5]!);
} else {
  await main();
}
