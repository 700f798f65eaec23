CREATE TABLE "account_deletion" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_subscription" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "character" ADD COLUMN "greetings" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "options" jsonb;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "scenario" text;--> statement-breakpoint
CREATE INDEX "message_parent_idx" ON "message" USING btree ("parent_id");--> statement-breakpoint
-- A story's options and scenario now belong to its branches: today's options go to the message
-- that ends each conversation's history, today's scenario to its first messages.
UPDATE "message" m SET "options" = c."current_options"
  FROM "conversation" c
 WHERE m."id" = c."active_leaf_id" AND jsonb_array_length(c."current_options") > 0;--> statement-breakpoint
UPDATE "message" m SET "scenario" = c."scenario"
  FROM "conversation" c
 WHERE m."conversation_id" = c."id" AND m."parent_id" IS NULL AND c."scenario" IS NOT NULL;
