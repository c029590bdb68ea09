import { z } from 'zod';

/**
 * Every background job Hearth runs, by name, with the schema of its payload. Payloads carry ids only: a
 * handler re-reads the state it needs, so a job that runs twice (pg-boss runs an expired job again) sees
 * what the first run left.
 */
export const jobPayloadSchemas = {
  /** Make one version of a photo: decode it (once per photo), then enhance or stage it. */
  'photo.enhance': z.strictObject({ versionId: z.uuid('versionId must be a version id (a UUID)') }),
  /** Queue again (or fail) photos whose job was lost; runs every STALL_CHECK_SECONDS (decision 042). */
  'photo.recover-stalled': z.strictObject({}),
  /** Delete projects past their retention date, and stale temporary files. Hourly. */
  'retention.sweep': z.strictObject({}),
  /** Bill the images past a plan's allowance once its period has ended. Hourly. */
  'billing.overage': z.strictObject({}),
} as const;

/** The job catalogue: each job's name and the type of its payload. */
export type JobCatalogue = { [N in keyof typeof jobPayloadSchemas]: z.infer<(typeof jobPayloadSchemas)[N]> };
export type JobName = keyof JobCatalogue;
export const jobNames = Object.keys(jobPayloadSchemas) as JobName[];
