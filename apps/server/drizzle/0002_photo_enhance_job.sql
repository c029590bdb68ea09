ALTER TABLE "photo" ADD COLUMN "enhance_job_id" uuid;--> statement-breakpoint
-- Photos saved before this column existed were queued under their own id.
UPDATE "photo" SET "enhance_job_id" = "id" WHERE "enhance_job_id" IS NULL;