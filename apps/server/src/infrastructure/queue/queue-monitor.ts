/** What an operator sees of the job queue: whether it answers, and how much work waits in it. */
export interface QueueMonitor {
  /** Resolves when the queue's store answers; rejects saying why not. */
  check(): Promise<void>;
  /** Each queue's jobs, counted cluster-wide (every process shares one queue). */
  stats(): Promise<QueueStats[]>;
}

export interface QueueStats {
  queue: string;
  /** Jobs that may start now and wait for a worker. */
  waiting: number;
  /** Jobs queued to start later (a retry's back-off, a scheduled check). */
  deferred: number;
  /** Jobs a worker is running. */
  running: number;
  /** How long the longest-waiting job that may start now has waited, in seconds (0 when none waits). */
  oldestWaitingSeconds: number;
}
