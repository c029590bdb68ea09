import { z } from 'zod';

/** What `GET /api/ready` checks: each must answer for the process to take traffic (or jobs). */
export const READINESS_CHECKS = ['database', 'storage', 'queue'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

const checkResults = z.object({
  database: z.enum(['ok', 'unreachable']),
  storage: z.enum(['ok', 'unreachable']),
  queue: z.enum(['ok', 'unreachable']),
});

export const readySchema = z.object({ status: z.literal('ready'), checks: checkResults });
export type Ready = z.infer<typeof readySchema>;

/** 503: the message names what is not reachable; `checks` says it for each. */
export const notReadySchema = z.object({ message: z.string(), code: z.literal('NOT_READY'), checks: checkResults });
export type NotReady = z.infer<typeof notReadySchema>;
