import pino from 'pino';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Database } from '../src/infrastructure/db/client';
import { startQueue } from '../src/adapters/pg-boss-queue';
import type { Queue } from '../src/infrastructure/queue/queue';
import { openTestDatabase } from './helpers/database';

// Two processes keeping the same schedules: two queues on one database.
let database: Database;
let drop: () => Promise<void>;
let processes: Queue[];
const settings = {
  enhanceExpireSeconds: 60,
  enhanceRetryLimit: 0,
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 60,
};
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  processes = [];
  for (let i = 0; i < 2; i++) processes.push(await startQueue(database, pino({ level: 'silent' }), settings));
});
afterEach(() => void vi.useRealTimers());
afterAll(async () => {
  for (const queue of processes) await queue.stop();
  await drop();
});

const jobsOf = async (name: string) =>
  (await database.query(`select state from pgboss.job where name = $1`, [name])).rows as { state: string }[];

/** The local clock, set to `seconds` past the start of the current minute (and running on from there). */
async function clockAt(seconds: number) {
  // Both sends must fall in one minute of the database's clock, which is the real one: not at its very end.
  while (new Date().getUTCSeconds() >= 57) await new Promise((resolve) => setTimeout(resolve, 500));
  const now = new Date();
  now.setUTCSeconds(seconds, 0);
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now });
  return now;
}

it('sends a scheduled job at half past the minute its cron names, once however many processes keep it', async () => {
  const now = await clockAt(29);
  // Due this minute (UTC), at second 30: a second from now on the local clock.
  const cron = `${now.getUTCMinutes()} * * * *`;
  for (const queue of processes) await queue.schedule('billing.overage', cron);
  expect(await jobsOf('billing.overage')).toEqual([]);

  await vi.waitFor(async () => expect((await jobsOf('billing.overage')).length).toBeGreaterThan(0), {
    timeout: 5_000,
    interval: 100,
  });
  // Both processes have fired by now (their timers were due together); the second send changed nothing.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(await jobsOf('billing.overage')).toEqual([{ state: 'created' }]);
  // Kept in pg-boss's table, where operators list the cluster's schedules.
  const { rows } = await database.query(`select cron from pgboss.schedule where name = 'billing.overage'`);
  expect(rows).toEqual([{ cron }]);
});

it('sends nothing in a minute its cron does not name', async () => {
  const now = await clockAt(29);
  const otherMinute = (now.getUTCMinutes() + 30) % 60;
  for (const queue of processes) await queue.schedule('retention.sweep', `${otherMinute} * * * *`);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(await jobsOf('retention.sweep')).toEqual([]);
});

it('a drained process sends no more scheduled jobs', async () => {
  const [drained] = processes as [Queue];
  const now = await clockAt(29);
  await drained.schedule('photo.recover-stalled', `${now.getUTCMinutes()} * * * *`);
  await drained.drain();
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(await jobsOf('photo.recover-stalled')).toEqual([]);
});
