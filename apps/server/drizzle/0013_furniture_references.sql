ALTER TABLE "photo" ADD COLUMN "room" text;--> statement-breakpoint
ALTER TABLE "photo_version" ADD COLUMN "reference_version_id" uuid;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "keep_furniture_consistent" boolean DEFAULT false NOT NULL;