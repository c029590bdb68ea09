import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/infrastructure/db/client';
import { startQueue } from '../src/adapters/pg-boss-queue';
import { completed, type Queue } from '../src/infrastructure/queue/queue';
import { openTestDatabase } from './helpers/database';

let database: Database;
let drop: () => Promise<void>;
let queue: Queue;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  queue = await startQueue(database, pino({ level: 'silent' }), {
    enhanceExpireSeconds: 60,
    enhanceRetryLimit: 0,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 60,
  });
});
afterAll(async () => {
  await queue.stop();
  await drop();
});

it('refuses to queue a payload that does not match the job catalogue', async () => {
  await expect(queue.send('photo.enhance', { versionId: 'not-a-version-id' })).rejects.toThrow(/versionId/);
});

it('fails a job whose payload does not match its schema, with the reason, and goes on with the next', async () => {
  const handled: string[] = [];
  await queue.work('photo.enhance', 1, async (data) => {
    handled.push(data.versionId);
    return completed();
  });
  // A job written by something other than this version of Hearth, straight into pg-boss's table.
  const { rows } = await database.query(
    `insert into pgboss.job (name, data, retry_limit) values ('photo.enhance', '{"versionId": 42}', 0) returning id`,
    [],
  );
  const badId = (rows[0] as { id: string }).id;
  const goodId = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
  await queue.send('photo.enhance', { versionId: goodId });
  let bad: { state: string; output: { message?: string } } | undefined;
  while (bad?.state !== 'failed' || handled.length === 0) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const result = await database.query('select state, output from pgboss.job where id = $1', [badId]);
    bad = result.rows[0] as typeof bad;
  }
  expect(bad.output.message).toMatch(/^bad payload: .*versionId/);
  expect(handled).toEqual([goodId]);
});
