CREATE TABLE "photo_version" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"photo_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"template_id" text,
	"template_name" text,
	"style" text,
	"custom_prompt" text,
	"prompt" text,
	"engine" text,
	"operations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"width" integer,
	"height" integer,
	"provider" text,
	"model" text,
	"provider_request_id" text,
	"provider_duration_ms" integer,
	"provider_attempts" integer,
	"provider_usage" jsonb,
	"needs_review" boolean DEFAULT false NOT NULL,
	"review_reason" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"usage_period_id" uuid,
	"quota_returned" boolean DEFAULT false NOT NULL,
	"result_key" text,
	"thumbnail_key" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo" ADD COLUMN "chosen_version_id" uuid;--> statement-breakpoint
ALTER TABLE "photo" ADD COLUMN "style" text;--> statement-breakpoint
ALTER TABLE "photo" ADD COLUMN "version_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_version" ADD CONSTRAINT "photo_version_photo_id_photo_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_version" ADD CONSTRAINT "photo_version_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_version" ADD CONSTRAINT "photo_version_usage_period_id_usage_period_id_fk" FOREIGN KEY ("usage_period_id") REFERENCES "public"."usage_period"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_version_number_idx" ON "photo_version" USING btree ("photo_id","number");--> statement-breakpoint
CREATE INDEX "photo_version_pending_idx" ON "photo_version" USING btree ("status","updated_at");--> statement-breakpoint
-- Every photo made before versions existed becomes its version 1, with its job, charge and result.
INSERT INTO "photo_version" (
  "photo_id", "user_id", "number", "status", "template_id", "template_name", "custom_prompt", "prompt",
  "engine", "operations", "notes", "width", "height", "provider", "model", "provider_request_id",
  "provider_duration_ms", "provider_attempts", "provider_usage", "needs_review", "review_reason", "error",
  "attempts", "job_id", "usage_period_id", "quota_returned", "result_key", "completed_at", "created_at",
  "updated_at"
)
SELECT
  "id", "user_id", 1, "status", "template_id", "template_name", "custom_prompt", "prompt",
  "engine", "operations", "notes", "width", "height", "provider", "model", "provider_request_id",
  "provider_duration_ms", "provider_attempts", "provider_usage", "needs_review", "review_reason", "error",
  "attempts", "enhance_job_id", "usage_period_id", "quota_returned", "enhanced_key", "completed_at", "created_at",
  "updated_at"
FROM "photo";--> statement-breakpoint
UPDATE "photo" SET "version_count" = 1, "chosen_version_id" = (
  SELECT "id" FROM "photo_version" WHERE "photo_version"."photo_id" = "photo"."id" AND "photo_version"."status" = 'completed'
);
