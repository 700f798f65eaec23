CREATE TABLE "memory" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"character_id" integer NOT NULL,
	"source" text NOT NULL,
	"conversation_id" integer,
	"message_id" bigint,
	"content" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "summarized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memory" ADD CONSTRAINT "memory_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory" ADD CONSTRAINT "memory_character_id_character_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."character"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory" ADD CONSTRAINT "memory_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory" ADD CONSTRAINT "memory_message_id_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."message"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_character_idx" ON "memory" USING btree ("user_id","character_id","id");--> statement-breakpoint
CREATE INDEX "memory_conversation_idx" ON "memory" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "memory_message_idx" ON "memory" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memory_summary_idx" ON "memory" USING btree ("conversation_id") WHERE "memory"."source" = 'summary';--> statement-breakpoint
-- Today's summaries become memory rows (decision 0023): one per conversation, linked to it while
-- it is still the same user's conversation with that character, and the conversation is marked
-- as summarised so it is not summarised again.
INSERT INTO "memory" ("user_id", "character_id", "source", "conversation_id", "content")
SELECT DISTINCT ON (ch."id", (e->>'conversation_id'))
       ch."user_id", ch."id", 'summary', c."id", e->>'summary'
  FROM "character" ch
 CROSS JOIN LATERAL jsonb_array_elements(
         CASE WHEN jsonb_typeof(ch."working_memory") = 'array' THEN ch."working_memory" ELSE '[]'::jsonb END) e
  LEFT JOIN "conversation" c
    ON c."id"::text = e->>'conversation_id' AND c."user_id" = ch."user_id" AND c."character_id" = ch."id"
 WHERE coalesce(e->>'summary', '') <> ''
 ORDER BY ch."id", (e->>'conversation_id');--> statement-breakpoint
UPDATE "conversation" c SET "summarized_at" = now()
  FROM "memory" m WHERE m."conversation_id" = c."id" AND m."source" = 'summary';--> statement-breakpoint
ALTER TABLE "character" DROP COLUMN "working_memory";