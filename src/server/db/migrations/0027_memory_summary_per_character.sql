DROP INDEX "memory_summary_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "memory_summary_idx" ON "memory" USING btree ("conversation_id","character_id") WHERE "memory"."source" = 'summary';