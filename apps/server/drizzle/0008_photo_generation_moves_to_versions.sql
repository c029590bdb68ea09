ALTER TABLE "photo" DROP CONSTRAINT "photo_usage_period_id_usage_period_id_fk";
--> statement-breakpoint
ALTER TABLE "photo" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "photo" DROP COLUMN "enhance_job_id";--> statement-breakpoint
ALTER TABLE "photo" DROP COLUMN "quota_returned";--> statement-breakpoint
ALTER TABLE "photo" DROP COLUMN "usage_period_id";