ALTER TABLE "project" ADD COLUMN "cover_photo_id" uuid;--> statement-breakpoint
UPDATE "project" SET "cover_photo_id" = first."photo_id"
FROM (
  SELECT DISTINCT ON ("project_id") "project_id", "id" AS "photo_id"
  FROM "photo" ORDER BY "project_id", "created_at", "id"
) AS first
WHERE "project"."id" = first."project_id";
