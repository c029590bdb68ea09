CREATE TABLE "event_stream" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_stream" ADD CONSTRAINT "event_stream_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_stream_user_idx" ON "event_stream" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_stream_lease_idx" ON "event_stream" USING btree ("lease_expires_at");