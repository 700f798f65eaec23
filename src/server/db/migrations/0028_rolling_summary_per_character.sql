DROP INDEX "conversation_summary_through_idx";--> statement-breakpoint
ALTER TABLE "conversation_summary" ADD COLUMN "character_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_summary_through_idx" ON "conversation_summary" USING btree ("conversation_id","character_id","through_message_id");