ALTER TABLE "conversation" ADD COLUMN "active_leaf_id" bigint;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
-- Every existing conversation is one line: each message follows the one before it, and the
-- newest message is the active leaf (decision 0022).
UPDATE "message" m SET "parent_id" = p.prev
  FROM (SELECT "id", lag("id") OVER (PARTITION BY "conversation_id" ORDER BY "id") AS prev FROM "message") p
 WHERE p."id" = m."id" AND p.prev IS NOT NULL;--> statement-breakpoint
UPDATE "conversation" c SET "active_leaf_id" = l.leaf
  FROM (SELECT "conversation_id", max("id") AS leaf FROM "message" GROUP BY "conversation_id") l
 WHERE l."conversation_id" = c."id";--> statement-breakpoint
ALTER TABLE "message" ADD CONSTRAINT "message_parent_id_message_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_siblings_idx" ON "message" USING btree ("conversation_id","parent_id","id");
