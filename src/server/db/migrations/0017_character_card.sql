ALTER TABLE "character" ADD COLUMN "card_extras" jsonb;--> statement-breakpoint
ALTER TABLE "character" ADD COLUMN "lorebook" jsonb;