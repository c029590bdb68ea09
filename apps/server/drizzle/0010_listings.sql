ALTER TABLE "project" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "mls_number" text;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "disclosure_profile" text DEFAULT 'generic' NOT NULL;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "public_token" text;--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "project_public_token_idx" ON "project" USING btree ("public_token");