/**
 * What every bench writes: bench/results/<name>.json with the machine, the load average, the measurements,
 * and `summary` rows that `npm run bench` gathers into bench/results/summary.md.
 */
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './server';

export interface SummaryRow {
  metric: string;
  /** Hearth's figure, with its unit. */
  hearth: string;
  /** The baseline's figure from the same run, or '—' where there is none. */
  baseline: string;
  /** Hearth against the baseline, in the sense the target states (e.g. 0.85× of the throughput). */
  ratio: number | null;
  /** The target, as the issue states it. */
  target: string;
  met: boolean | null;
  /** 1-minute load average while it was measured (the machine is shared). */
  loadAverage: number;
}

export const machine = () => ({
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  node: process.version,
  loadAverage: os.loadavg().map((value) => Math.round(value * 100) / 100),
});

export const load1 = () => Math.round(os.loadavg()[0]! * 100) / 100;

export const ratioOf = (hearth: number, baseline: number) =>
  baseline > 0 ? Math.round((hearth / baseline) * 100) / 100 : null;

/**
 * Where results are written: bench/results, or the folder BENCH_RESULTS_DIR names (relative to the repository),
 * so that a run on another runtime (`npm run bench:node24`) keeps its figures beside the machine's own.
 */
export function resultsDir(): string {
  const dir = path.resolve(ROOT, process.env.BENCH_RESULTS_DIR ?? 'bench/results');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export async function writeResults(name: string, results: Record<string, unknown> & { summary: SummaryRow[] }) {
  const file = path.join(resultsDir(), `${name}.json`);
  await writeFile(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), ...results }, null, 2)}\n`,
  );
  printSummary(results.summary);
  console.log(`written to ${path.relative(ROOT, file)}`);
}

export function printSummary(rows: SummaryRow[]) {
  for (const row of rows) {
    const verdict = row.met === null ? '' : row.met ? 'ok' : 'MISSED';
    const ratio = row.ratio === null ? '' : `${row.ratio}×`;
    console.log(
      `${row.metric.padEnd(58)} ${row.hearth.padStart(14)} ${row.baseline.padStart(14)} ${ratio.padStart(7)}  ${row.target} ${verdict}`,
    );
  }
}
