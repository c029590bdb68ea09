ALTER TABLE "photo_version" ADD COLUMN "base_version_id" uuid;--> statement-breakpoint
ALTER TABLE "photo_version" ADD COLUMN "mask_key" text;--> statement-breakpoint
ALTER TABLE "photo_version" ADD CONSTRAINT "photo_version_base_version_id_photo_version_id_fk" FOREIGN KEY ("base_version_id") REFERENCES "public"."photo_version"("id") ON DELETE set null ON UPDATE no action;