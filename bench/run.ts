/**
 * `npm run bench`: every performance bench, one after the other, then bench/results/summary.md, one page
 * with each figure against its baseline from the same run, its target and the load average. Each bench
 * still runs alone (`npx tsx bench/<path>.ts`) and writes its own bench/results/*.json.
 *
 *   npm run bench                         (BENCH_DATABASES=pglite to skip PostgreSQL)
 *   npm run bench -- pipeline/enhance     (only the named benches, then the summary of every result)
 *   npm run bench -- --summary-only       (no bench: the summary of the results already written)
 *   npm run bench:node24                  (the same on Node 24, into bench/results/node24: BENCH_RESULTS_DIR)
 *
 * The provider, sign-in and Lighthouse benches stay separate scripts (bench:providers, bench:auth,
 * bench:lighthouse): they measure other things and need a build or take long; their summary rows, when a
 * result file carries some, are gathered too.
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SummaryRow } from './support/report';
import { ROOT } from './support/server';

const BENCHES = ['pipeline/enhance', 'pipeline/transfer', 'api/projects-load'];
const RESULTS = path.join(ROOT, 'bench/results');
/** Results of other runtimes, each in a folder of bench/results (BENCH_RESULTS_DIR), get a section of their own. */
const RUNTIME_SECTIONS = [{ folder: 'node24', heading: 'On Node 24 (docs/decisions/077)' }];

const summaryOnly = process.argv.includes('--summary-only');
const chosen = process.argv.slice(2).filter((arg) => arg !== '--summary-only');
for (const bench of summaryOnly ? [] : chosen.length ? chosen : BENCHES) {
  console.log(`\n=== ${bench} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', `${bench}.ts`)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: process.env,
  });
  if (run.status !== 0) {
    console.error(`${bench} failed (exit ${run.status})`);
    process.exitCode = 1;
  }
}
await writeSummary();

interface ResultFile {
  date: string;
  /** Absent from some older result files. */
  machine?: { cpus: number; cpuModel: string; node: string };
  summary?: SummaryRow[];
}

async function writeSummary() {
  const lines = [
    '# Bench summary',
    '',
    'Written by `npm run bench` from the `bench/results/*.json` beside this file. Every ratio is Hearth against',
    'a bare baseline measured in the same run, round by round (bench/baselines/); medians of the rounds. Load',
    'is the 1-minute load average when the figure was taken (the machine is shared).',
    '',
    ...(await summaryTable(RESULTS, '')),
  ];
  for (const { folder, heading } of RUNTIME_SECTIONS) {
    const table = await summaryTable(path.join(RESULTS, folder), `${folder}/`);
    if (table.length) lines.push(`## ${heading}`, '', `Written by \`npm run bench:${folder}\`.`, '', ...table);
  }
  await writeFile(path.join(RESULTS, 'summary.md'), lines.join('\n'));
  console.log(`\nwritten to ${path.relative(ROOT, path.join(RESULTS, 'summary.md'))}`);
}

/** The table of the result files in `dir` and the machines they were measured on; none when it holds none. */
async function summaryTable(dir: string, prefix: string): Promise<string[]> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
  if (!files.length) return [];
  const lines = [
    '| metric | Hearth | baseline | ratio | target | met | load | measured |',
    '|---|---|---|---|---|---|---|---|',
  ];
  // Files may come from different machines (a bench run again on another): each machine is named with its files.
  const machines = new Map<string, string[]>();
  for (const name of files) {
    const result = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as ResultFile;
    if (result.summary?.length && result.machine) {
      const { cpus, cpuModel, node } = result.machine;
      const machine = `${cpus} × ${cpuModel}, Node ${node}`;
      machines.set(machine, [...(machines.get(machine) ?? []), name]);
    }
    for (const row of result.summary ?? []) {
      const ratio = row.ratio === null ? '—' : `${row.ratio}×`;
      const met = row.met === null ? '' : row.met ? 'yes' : '**no**';
      const measured = `${result.date.slice(0, 16).replace('T', ' ')} (${prefix}${name})`;
      lines.push(
        `| ${row.metric} | ${row.hearth} | ${row.baseline} | ${ratio} | ${row.target} | ${met} | ${row.loadAverage} | ${measured} |`,
      );
    }
  }
  lines.push('');
  if (machines.size === 1) lines.push(`Machine: ${[...machines.keys()][0]}.`);
  else for (const [machine, names] of machines) lines.push(`- Machine of ${names.join(', ')}: ${machine}.`);
  lines.push('');
  return lines;
}
