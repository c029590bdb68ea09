/**
 * Benchmark of a signed-in API read under steady load (issue 16, target 4): `GET /api/projects` with a
 * session cookie at a fixed rate, against Fastify's hello world (bench/baselines/hello-world.ts) at the same
 * rate, alternating round by round. The rate is held by bench/support/steady-load.ts (requests at evenly
 * spaced times, latency from when each was due); autocannon's per-second bursts are measured beside it for
 * comparison with earlier results (docs/decisions/089). Hearth runs as `npm start` runs it (ROLE=all, its workers idle), on
 * PGlite and on PostgreSQL, for a user with a few projects.
 *
 *   npx tsx bench/api/projects-load.ts   (from the repository root; RATE=500 SECONDS=10 ROUNDS=3)
 *
 * Reported per side: requests per second achieved, p50 and p99 latency, errors and non-2xx answers.
 * Targets: PGlite sustains the rate with p99 ≤ 50 ms; PostgreSQL p99 ≤ 20 ms. Writes
 * bench/results/api-projects-load.json.
 */
import autocannon from 'autocannon';
import { startBaseline } from '../support/processes';
import { steadyLoad, type SteadyLoadResult } from '../support/steady-load';
import { load1, ratioOf, type SummaryRow, writeResults } from '../support/report';
import { currentRssMb, median, round1 } from '../support/server';
import { availableDatabases, type DatabaseKind, openStack } from '../support/stack';

const RATE = Number(process.env.RATE ?? 500);
const SECONDS = Number(process.env.SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PROJECTS = 10;
const TARGET_P99_MS: Record<DatabaseKind, number> = { pglite: 50, postgres: 20 };
/** "Sustains the rate": at least this share of the requests asked for were answered. */
const SUSTAINED_SHARE = 0.97;

type LoadRun = SteadyLoadResult & { loadAverage: number };

/** The target's measure: requests at evenly spaced times (bench/support/steady-load.ts). */
async function load(url: string, headers: Record<string, string>): Promise<LoadRun> {
  const result = await steadyLoad({ url, headers, rate: RATE, seconds: SECONDS });
  return { ...result, loadAverage: load1() };
}

/**
 * autocannon's rate limit, kept for comparison with earlier results: each of 32 connections sends its
 * share of the second back-to-back as the second starts (a burst of 32 in flight), and latencies get
 * coordinated-omission samples at a 1 ms interval.
 */
async function burst(url: string, headers: Record<string, string>): Promise<LoadRun> {
  const result = await autocannon({
    url,
    headers,
    // Enough connections that the rate is held even when answers take a few tens of milliseconds.
    connections: 32,
    overallRate: RATE,
    duration: SECONDS,
  });
  return {
    requestsPerSecond: round1(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    loadAverage: load1(),
  };
}

async function measure(kind: DatabaseKind) {
  const stack = await openStack(kind);
  const server = await stack.start({ ROLE: 'all' });
  const baseline = await startBaseline('hello-world', []);
  try {
    for (let i = 0; i < PROJECTS; i++) await stack.client.createProject();
    const url = `http://127.0.0.1:${new URL(stack.client.baseUrlOf()).port}/api/projects`;
    // Warm-up: both sides' routes compiled, Hearth's caches and connections opened.
    await autocannon({ url, headers: stack.client.headers, connections: 4, amount: 500 });
    await autocannon({ url: baseline.url, connections: 4, amount: 500 });
    const hearth: LoadRun[] = [];
    const bare: LoadRun[] = [];
    const hearthBurst: LoadRun[] = [];
    const bareBurst: LoadRun[] = [];
    let peakRssMb = currentRssMb(server.pid);
    for (let round = 1; round <= ROUNDS; round++) {
      const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, currentRssMb(server.pid))), 100);
      hearth.push(await load(url, stack.client.headers));
      clearInterval(sampler);
      bare.push(await load(baseline.url, {}));
      hearthBurst.push(await burst(url, stack.client.headers));
      bareBurst.push(await burst(baseline.url, {}));
      const [h, b] = [hearth.at(-1)!, bare.at(-1)!];
      console.log(
        `[${kind}] round ${round}/${ROUNDS}: Hearth ${h.requestsPerSecond} req/s p50 ${h.p50Ms} ms p99 ${h.p99Ms} ms (${h.non2xx} non-2xx); hello world ${b.requestsPerSecond} req/s p99 ${b.p99Ms} ms; in bursts (autocannon): Hearth p99 ${hearthBurst.at(-1)!.p99Ms} ms, hello world ${bareBurst.at(-1)!.p99Ms} ms (load ${load1()})`,
      );
    }
    return {
      hearth: summarise(hearth),
      baseline: summarise(bare),
      bursts: { hearth: summarise(hearthBurst), baseline: summarise(bareBurst) },
      peakRssMb,
    };
  } finally {
    await baseline.stop();
    await server.stop();
    await stack.dispose();
  }
}

function summarise(runs: LoadRun[]) {
  return {
    medianRequestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    medianP50Ms: median(runs.map((r) => r.p50Ms)),
    medianP99Ms: median(runs.map((r) => r.p99Ms)),
    errors: runs.reduce((sum, r) => sum + r.errors + r.non2xx, 0),
    runs,
  };
}

function summaryRows(kind: DatabaseKind, result: Awaited<ReturnType<typeof measure>>): SummaryRow[] {
  const { hearth, baseline, bursts } = result;
  const target = TARGET_P99_MS[kind];
  const sustained = hearth.medianRequestsPerSecond >= RATE * SUSTAINED_SHARE && hearth.errors === 0;
  return [
    {
      metric: `GET /api/projects at ${RATE} req/s, p99 (${kind})`,
      hearth: `${hearth.medianP99Ms} ms`,
      baseline: `${baseline.medianP99Ms} ms`,
      ratio: ratioOf(hearth.medianP99Ms, baseline.medianP99Ms),
      target: `≤ ${target} ms`,
      met: hearth.medianP99Ms <= target,
      loadAverage: load1(),
    },
    {
      metric: `same, in autocannon's per-second bursts (32 connections), p99 (${kind})`,
      hearth: `${bursts.hearth.medianP99Ms} ms`,
      baseline: `${bursts.baseline.medianP99Ms} ms`,
      ratio: ratioOf(bursts.hearth.medianP99Ms, bursts.baseline.medianP99Ms),
      target: '—',
      met: null,
      loadAverage: load1(),
    },
    {
      metric: `GET /api/projects, requests/s answered (${kind})`,
      hearth: `${hearth.medianRequestsPerSecond}/s, ${hearth.errors} errors`,
      baseline: `${baseline.medianRequestsPerSecond}/s`,
      ratio: ratioOf(hearth.medianRequestsPerSecond, baseline.medianRequestsPerSecond),
      target: `sustains ${RATE}/s`,
      met: sustained,
      loadAverage: load1(),
    },
  ];
}

async function main() {
  const results: Record<string, unknown> = {};
  const summary: SummaryRow[] = [];
  for (const kind of await availableDatabases()) {
    const result = await measure(kind);
    results[kind] = result;
    summary.push(...summaryRows(kind, result));
  }
  await writeResults('api-projects-load', { rate: RATE, seconds: SECONDS, rounds: ROUNDS, summary, ...results });
}

await main();
