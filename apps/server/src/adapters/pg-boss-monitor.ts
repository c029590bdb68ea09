import type { Database } from '../infrastructure/db/client';
import type { QueueMonitor, QueueStats } from '../infrastructure/queue/queue-monitor';

/*
 * A read-only view of pg-boss's own tables (schema `pgboss`, pg-boss 10) for readiness and metrics. It runs
 * plain SQL on the application's database and never imports pg-boss: the queue itself is pg-boss-queue.ts.
 */

const VERSION_SQL = 'SELECT version FROM pgboss.version';

// Only unfinished jobs are joined: finished ones stay in the table for days (pg-boss's retention).
const STATS_SQL = `
SELECT queue.name AS queue,
  count(job.id) FILTER (WHERE job.state < 'active' AND job.start_after <= now())::integer AS waiting,
  count(job.id) FILTER (WHERE job.state < 'active' AND job.start_after > now())::integer AS deferred,
  count(job.id) FILTER (WHERE job.state = 'active')::integer AS running,
  coalesce(extract(epoch FROM now() - min(job.start_after) FILTER (WHERE job.state < 'active' AND job.start_after <= now())), 0)::float8
    AS oldest_waiting_seconds
FROM pgboss.queue AS queue
LEFT JOIN pgboss.job AS job ON job.name = queue.name AND job.state <= 'active'
GROUP BY queue.name
ORDER BY queue.name`;

export function createPgBossMonitor(database: Pick<Database, 'query'>): QueueMonitor {
  return {
    async check() {
      const { rows } = await database.query(VERSION_SQL, []);
      if (!rows.length) throw new Error('the job queue has no schema version: pg-boss has not been installed');
    },
    async stats(): Promise<QueueStats[]> {
      const { rows } = await database.query(STATS_SQL, []);
      return rows.map((row) => ({
        queue: String(row.queue),
        waiting: Number(row.waiting),
        deferred: Number(row.deferred),
        running: Number(row.running),
        oldestWaitingSeconds: Math.max(0, Number(row.oldest_waiting_seconds)),
      }));
    },
  };
}
