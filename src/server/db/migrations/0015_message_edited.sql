ALTER TABLE "feedback" ADD COLUMN "edited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "edited_at" timestamp with time zone;