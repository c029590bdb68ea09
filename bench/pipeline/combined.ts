/**
 * Combined enhancements in one pass against the same three applied one after another (issue 13,
 * `npm run bench:combined`): Professional Enhancement, Perfect Lawn and Blue Sky on a 12 MP exterior photo,
 *   - one pass: one local-engine run with the three operations (one decode, one encode: what Hearth does);
 *   - in sequence: three runs, each decoding the previous run's JPEG and encoding its own.
 * Rounds alternate the two modes in one warmed-up process, so other load on the machine falls on both alike.
 * Reports medians of wall and CPU time (the process's, its engine threads included) and their ratio, and how
 * far the two results are apart (mean absolute difference per channel, in levels of 255). Writes
 * bench/results/pipeline-combined.json.
 *
 *   npm run bench:combined        (ROUNDS=7 for more rounds)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeToRgb, encodeRgbToJpeg, resizeRgb, runLocalEngine, type LocalOperation } from '@hearth/image-engine';
import { fixturePhotoPath } from '@hearth/image-engine/test-support';
import { load1, machine, writeResults, type SummaryRow } from '../support/report';
import { addSensorGrain } from '../support/sensor-grain';
import { median, round2 } from '../support/server';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const OPERATIONS: LocalOperation[] = ['professional-enhancement', 'perfect-lawn', 'blue-sky'];

async function main() {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-bench-combined-'));
  try {
    const input = path.join(workDir, 'exterior-12mp.jpg');
    const large = await resizeRgb(await decodeToRgb(fixturePhotoPath('exterior.jpg'), 'jpeg'), 4243, {
      enlarge: true,
    });
    addSensorGrain(large, 4);
    await encodeRgbToJpeg(large, input);

    const onePass = () =>
      runLocalEngine({
        inputPath: input,
        inputType: 'jpeg',
        outputPath: path.join(workDir, 'one.jpg'),
        operations: OPERATIONS,
      });
    const inSequence = async () => {
      let from = input;
      for (const [i, operation] of OPERATIONS.entries()) {
        const to = path.join(workDir, `step-${i}.jpg`);
        await runLocalEngine({ inputPath: from, inputType: 'jpeg', outputPath: to, operations: [operation] });
        from = to;
      }
    };
    await onePass();
    await inSequence(); // warm-up: modules, JIT and the engine's threads
    const runs = { onePass: [] as Timing[], inSequence: [] as Timing[] };
    for (let round = 0; round < ROUNDS; round++) {
      runs.onePass.push(await timed(onePass));
      runs.inSequence.push(await timed(inSequence));
    }
    const one = summarise(runs.onePass);
    const sequence = summarise(runs.inSequence);
    const difference = await meanDifference(path.join(workDir, 'one.jpg'), path.join(workDir, 'step-2.jpg'));
    const summary: SummaryRow[] = [
      {
        metric: 'Professional Enhancement + Perfect Lawn + Blue Sky on 12 MP, one pass, wall',
        hearth: `${one.wallMs} ms`,
        baseline: `${sequence.wallMs} ms (three in sequence)`,
        ratio: round2(one.wallMs / sequence.wallMs),
        target: 'reported (issue 13)',
        met: null,
        loadAverage: load1(),
      },
      {
        metric: 'same, CPU',
        hearth: `${one.cpuMs} ms`,
        baseline: `${sequence.cpuMs} ms`,
        ratio: round2(one.cpuMs / sequence.cpuMs),
        target: '—',
        met: null,
        loadAverage: load1(),
      },
    ];
    console.log(
      `one pass ${one.wallMs} ms wall / ${one.cpuMs} ms CPU; in sequence ${sequence.wallMs} ms / ${sequence.cpuMs} ms; ` +
        `ratio ${summary[0]!.ratio} wall, ${summary[1]!.ratio} CPU; results differ by ${difference} levels on average`,
    );
    await writeResults('pipeline-combined', {
      date: new Date().toISOString(),
      machine: machine(),
      photo: { width: large.width, height: large.height },
      operations: OPERATIONS,
      rounds: ROUNDS,
      onePass: { ...one, runs: runs.onePass },
      inSequence: { ...sequence, runs: runs.inSequence },
      meanDifferenceLevels: difference,
      summary,
    });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

interface Timing {
  wallMs: number;
  cpuMs: number;
}

async function timed(run: () => Promise<unknown>): Promise<Timing> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { wallMs: Math.round(performance.now() - started), cpuMs: Math.round((used.user + used.system) / 1000) };
}

const summarise = (timings: Timing[]) => ({
  wallMs: median(timings.map((t) => t.wallMs)),
  cpuMs: median(timings.map((t) => t.cpuMs)),
});

async function meanDifference(a: string, b: string) {
  const [one, two] = await Promise.all([decodeToRgb(a, 'jpeg'), decodeToRgb(b, 'jpeg')]);
  let sum = 0;
  for (let i = 0; i < one.data.length; i++) sum += Math.abs(one.data[i]! - two.data[i]!);
  return round2(sum / one.data.length);
}

await main();
