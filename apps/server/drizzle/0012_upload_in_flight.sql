CREATE TABLE "upload_in_flight" (
	"photo_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "upload_in_flight_created_idx" ON "upload_in_flight" USING btree ("created_at");