/**
 * A steady, open-loop load: requests leave at evenly spaced times (every 1000/rate ms), whether or not
 * earlier ones have been answered, the way independent users' requests arrive. Each latency is measured from
 * the time the request was due, not from when it was sent, so a stalled server (or a stalled generator) is
 * charged for every request it held up and nothing is hidden ("coordinated omission").
 *
 * Why not autocannon's `overallRate`: it gives each connection a quota per second and sends that quota
 * back-to-back as soon as the second starts, so "500 req/s over 32 connections" is 32 requests in flight at
 * the start of every second and none at its end; it then corrects for coordinated omission with a 1 ms
 * interval, adding synthetic samples for every millisecond of each answer's time. Both measure a burst, not a
 * rate (docs/decisions/089-api-load-measured-at-a-steady-rate.md).
 */
import http from 'node:http';

export interface SteadyLoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  non2xx: number;
}

export interface SteadyLoadOptions {
  url: string;
  headers?: Record<string, string>;
  rate: number;
  seconds: number;
  /** Most requests in flight at once; beyond this a due request waits (and its wait counts). */
  maxSockets?: number;
}

export async function steadyLoad({
  url,
  headers = {},
  rate,
  seconds,
  maxSockets = 64,
}: SteadyLoadOptions): Promise<SteadyLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const latencies = new Float64Array(total);
  let answered = 0;
  let errors = 0;
  let non2xx = 0;
  const start = performance.now() + 20;
  const finished: Promise<void>[] = [];

  const send = (index: number) => {
    const due = start + index * intervalMs;
    finished.push(
      new Promise<void>((resolve) => {
        const request = http.get(url, { agent, headers }, (response) => {
          if (response.statusCode! < 200 || response.statusCode! >= 300) non2xx++;
          response.resume();
          response.on('end', () => {
            latencies[answered++] = performance.now() - due;
            resolve();
          });
        });
        request.on('error', () => {
          errors++;
          resolve();
        });
      }),
    );
  };

  let next = 0;
  while (next < total) {
    const now = performance.now();
    while (next < total && start + next * intervalMs <= now) send(next++);
    // Wakes about every millisecond (timers' granularity); everything due meanwhile leaves at once.
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(finished);
  const elapsedSeconds = (performance.now() - start) / 1000;
  agent.destroy();
  const sorted = latencies.subarray(0, answered).sort();
  const at = (share: number) => round1(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0);
  return {
    requestsPerSecond: round1(answered / elapsedSeconds),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: round1(sorted.at(-1) ?? 0),
    errors,
    non2xx,
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
