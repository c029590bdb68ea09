/**
 * What operating Hearth costs a request (issue 15, "Operable" and "Cluster-wide limits"):
 *
 *   npm run bench:operations   (= npx tsx bench/operations/overhead.ts from the repository root; ROUNDS=15)
 *
 * Two copies of the test app on PGlite, side by side in this process: one without METRICS_TOKEN (no metrics)
 * and one with it. In interleaved rounds of BATCH requests each, reported as medians of the per-request time:
 * GET /api/health (the cheapest route, so the HTTP metrics hook shows most) and GET /api/projects (signed
 * in, one query) on both; then, on the app with metrics, GET /api/ready (database, storage and queue checks),
 * a GET /metrics scrape (queue depth read from the database), and opening a live-update stream up to its
 * 'connected' message (a lease claimed in the database). Writes bench/results/operations.json.
 */
import os from 'node:os';
import { signedInAgent } from '@hearth/server/test-support/accounts';
import { startTestApp, type TestApp } from '@hearth/server/test-support/app';
import { cookieOf, openStream } from '@hearth/server/test-support/sse';
import { load1, ratioOf, writeResults, type SummaryRow } from '../support/report';
import { median, round2 } from '../support/server';

const ROUNDS = Number(process.env.ROUNDS ?? 15);
const BATCH = Number(process.env.BATCH ?? 50);
const TOKEN = 'bench-metrics-token-0123456789';

/** Milliseconds per call, over one batch of sequential calls. */
async function perCallMs(call: () => Promise<unknown>, count = BATCH): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < count; i++) await call();
  return (performance.now() - start) / count;
}

function get(testApp: TestApp, url: string, headers: Record<string, string> = {}) {
  return async () => {
    const response = await fetch(new URL(url, testApp.baseUrl), { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  };
}

async function main() {
  const plain = await startTestApp();
  const metered = await startTestApp({ METRICS_TOKEN: TOKEN });
  try {
    const cookies = new Map<TestApp, string>();
    for (const testApp of [plain, metered]) cookies.set(testApp, cookieOf((await signedInAgent(testApp)).client));
    const routes = {
      'GET /api/health': (testApp: TestApp) => get(testApp, '/api/health'),
      'GET /api/projects': (testApp: TestApp) => get(testApp, '/api/projects', { cookie: cookies.get(testApp)! }),
    };
    const samples: Record<string, { off: number[]; on: number[] }> = {};
    for (const name of Object.keys(routes)) samples[name] = { off: [], on: [] };
    const single: Record<string, number[]> = { 'GET /api/ready': [], 'GET /metrics': [], 'open a stream': [] };
    const scrape = get(metered, '/metrics', { authorization: `Bearer ${TOKEN}` });
    /** Opening one stream until 'connected', in ms; the wait for its lease to be released is not counted. */
    const openStreamMs = async () => {
      const start = performance.now();
      const stream = await openStream(metered.baseUrl, { cookie: cookies.get(metered)! });
      await stream.next('connected');
      const elapsed = performance.now() - start;
      stream.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      return elapsed;
    };

    // Warm-up: the first requests of each route compile its schemas and fill the caches.
    for (const route of Object.values(routes)) for (const testApp of [plain, metered]) await perCallMs(route(testApp));
    for (let round = 0; round < ROUNDS; round++) {
      // Which app goes first alternates, so neither always meets the other's garbage collection.
      for (const [name, route] of Object.entries(routes)) {
        const order = round % 2 ? ([plain, metered] as const) : ([metered, plain] as const);
        for (const testApp of order)
          samples[name]![testApp === plain ? 'off' : 'on'].push(await perCallMs(route(testApp)));
      }
      single['GET /api/ready']!.push(await perCallMs(get(metered, '/api/ready'), 10));
      single['GET /metrics']!.push(await perCallMs(scrape, 5));
      for (let i = 0; i < 5; i++) single['open a stream']!.push(await openStreamMs());
    }

    const load = load1();
    console.log(`per request, median of ${ROUNDS} rounds of ${BATCH} (ms), load ${load}, ${os.cpus().length} cores`);
    console.log(`${'route'.padEnd(24)}${'no metrics'.padStart(12)}${'metrics'.padStart(10)}${'on/off'.padStart(9)}`);
    const compared: Record<string, { off: number; on: number; ratio: number }> = {};
    for (const [name, { off, on }] of Object.entries(samples)) {
      const row = { off: round2(median(off)), on: round2(median(on)), ratio: 0 };
      row.ratio = round2(median(on) / median(off));
      compared[name] = row;
      console.log(
        `${name.padEnd(24)}${String(row.off).padStart(12)}${String(row.on).padStart(10)}${`${row.ratio}x`.padStart(9)}`,
      );
    }
    const absolute = Object.fromEntries(Object.entries(single).map(([name, values]) => [name, round2(median(values))]));
    for (const [name, ms] of Object.entries(absolute)) console.log(`${name.padEnd(24)}${String(ms).padStart(22)}`);
    const summary: SummaryRow[] = [
      ...Object.entries(compared).map(([name, row]) => ({
        metric: `${name}, per request, with metrics on`,
        hearth: `${row.on} ms`,
        baseline: `${row.off} ms`,
        ratio: ratioOf(row.on, row.off),
        target: '—',
        met: null,
        loadAverage: load,
      })),
      ...Object.entries(absolute).map(([name, ms]) => ({
        metric: name,
        hearth: `${ms} ms`,
        baseline: '—',
        ratio: null,
        target: '—',
        met: null,
        loadAverage: load,
      })),
    ];
    await writeResults('operations', {
      rounds: ROUNDS,
      batch: BATCH,
      database: 'PGlite (in process)',
      medianMsPerRequest: compared,
      medianMsWithMetrics: absolute,
      note: "'open a stream' = GET /api/sse/subscriptions up to its 'connected' message (a lease claimed in the database)",
      summary,
    });
  } finally {
    await metered.close();
    await plain.close();
  }
}

await main();
