CREATE TABLE "ai_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"next_slot_ms" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "photo" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "photo" ADD COLUMN "provider_request_id" text;--> statement-breakpoint
ALTER TABLE "photo" ADD COLUMN "provider_duration_ms" integer;--> statement-breakpoint
ALTER TABLE "photo" ADD COLUMN "provider_attempts" integer;--> statement-breakpoint
ALTER TABLE "photo" ADD COLUMN "provider_usage" jsonb;