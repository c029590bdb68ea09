-- Shared schedule of generative-provider calls, one row per provider, read and advanced atomically by
-- SqlRateLimitStore (rate-limit.ts) so that every worker process respects one images-per-minute limit.
-- next_slot_ms: the earliest moment (milliseconds since the epoch, database clock) the next call may start.
CREATE TABLE "ai_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"next_slot_ms" bigint NOT NULL
);
