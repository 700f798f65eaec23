CREATE TABLE "file_removal" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Files that the job this table replaces (`stored-file-delete`, pg-boss) was still to remove, or
-- had given up on, are recorded here so the new job removes them. Skipped where the job queue's
-- tables do not exist yet (a new database).
DO $$
BEGIN
	IF to_regclass('pgboss.job') IS NOT NULL THEN
		INSERT INTO "file_removal" ("key")
		SELECT DISTINCT jsonb_array_elements_text("data" -> 'fileNames')
		FROM pgboss.job
		WHERE "name" = 'stored-file-delete'
			AND "state"::text IN ('created', 'retry', 'active', 'failed')
			AND jsonb_typeof("data" -> 'fileNames') = 'array'
		ON CONFLICT DO NOTHING;
	END IF;
END $$;
