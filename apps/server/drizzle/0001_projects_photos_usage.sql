CREATE TABLE "photo" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"usage_period_id" uuid,
	"file_name" text NOT NULL,
	"image_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"width" integer,
	"height" integer,
	"original_key" text NOT NULL,
	"preview_key" text,
	"enhanced_key" text,
	"thumbnail_key" text,
	"status" text DEFAULT 'waiting' NOT NULL,
	"template_id" text,
	"template_name" text,
	"custom_prompt" text,
	"prompt" text,
	"engine" text,
	"operations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"needs_review" boolean DEFAULT false NOT NULL,
	"review_reason" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"quota_returned" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"total_photos" integer DEFAULT 0 NOT NULL,
	"processed_photos" integer DEFAULT 0 NOT NULL,
	"completed_photos" integer DEFAULT 0 NOT NULL,
	"failed_photos" integer DEFAULT 0 NOT NULL,
	"review_photos" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_period" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"plan_name" text,
	"images_included" integer NOT NULL,
	"images_used" integer DEFAULT 0 NOT NULL,
	"allow_overage" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_period_used_not_negative" CHECK ("usage_period"."images_used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "photo" ADD CONSTRAINT "photo_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo" ADD CONSTRAINT "photo_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo" ADD CONSTRAINT "photo_usage_period_id_usage_period_id_fk" FOREIGN KEY ("usage_period_id") REFERENCES "public"."usage_period"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_period" ADD CONSTRAINT "usage_period_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_project_idx" ON "photo" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "photo_user_idx" ON "photo" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_user_created_idx" ON "project" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "project_expires_idx" ON "project" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "usage_period_user_idx" ON "usage_period" USING btree ("user_id","ends_at");