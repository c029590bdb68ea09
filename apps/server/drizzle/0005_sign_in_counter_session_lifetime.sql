CREATE TABLE "sign_in_counter" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"link_sent_at" timestamp with time zone,
	CONSTRAINT "sign_in_counter_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
DROP TABLE "sign_in_failure" CASCADE;
--> statement-breakpoint
-- A session ends 30 days after sign-in whatever its activity (ASVS 7.3.2): every write of a session row,
-- by any code path, keeps its expiry within 30 days of its creation; existing sessions are capped now.
CREATE FUNCTION "session_absolute_lifetime"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."expires_at" := LEAST(NEW."expires_at", NEW."created_at" + interval '30 days');
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_absolute_lifetime" BEFORE INSERT OR UPDATE ON "session"
	FOR EACH ROW EXECUTE FUNCTION "session_absolute_lifetime"();
--> statement-breakpoint
UPDATE "session" SET "expires_at" = LEAST("expires_at", "created_at" + interval '30 days');
