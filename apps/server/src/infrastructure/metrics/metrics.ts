/**
 * What the app tells its operator, as Prometheus metrics (`GET /metrics`, docs/decisions/076). The app and its
 * jobs report through this interface; adapters/prom-client-metrics.ts keeps and renders the numbers. Without
 * METRICS_TOKEN nothing reads them, and `noMetrics` drops them.
 */
export interface Metrics {
  /** An answered HTTP request: `route` is the route's pattern (`/api/projects/:id`), never the raw URL. */
  httpRequest(sample: { method: string; route: string; statusCode: number; seconds: number }): void;
  /** A job handler's run ended: its outcome, or `error` when it threw (the try failed; pg-boss may retry). */
  jobFinished(queue: string, outcome: JobRunOutcome): void;
  /** Photos that reached a final state. */
  photosFinished(outcome: 'completed' | 'failed', count: number): void;
  /** One call (one attempt) to a generative provider, and what the vendor said it cost when it answered. */
  providerCall(sample: { vendor: string; outcome: 'ok' | 'error'; seconds: number; costUsd?: number }): void;
  /** Bytes of uploaded photos stored. */
  uploadBytes(bytes: number): void;
  /** Work begun on a photo while its batch uploaded: taken by its job, or left unused (docs/decisions/105). */
  headStart(outcome: HeadStartOutcome): void;
  /** The Prometheus text exposition of everything above, with the queues' state read now. */
  render(): Promise<{ contentType: string; body: string }>;
}

export type JobRunOutcome = 'completed' | 'skipped' | 'failed' | 'error';
export type HeadStartOutcome = 'taken' | 'unused';

/** Metrics nobody reads: every report is dropped. */
export const noMetrics: Metrics = {
  httpRequest: () => undefined,
  jobFinished: () => undefined,
  photosFinished: () => undefined,
  providerCall: () => undefined,
  uploadBytes: () => undefined,
  headStart: () => undefined,
  render: async () => ({ contentType: 'text/plain; version=0.0.4; charset=utf-8', body: '' }),
};
