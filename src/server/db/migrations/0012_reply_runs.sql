CREATE TABLE "reply_run" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"conversation_id" integer NOT NULL,
	"user_message_id" bigint NOT NULL,
	"charge_id" bigint NOT NULL,
	"keep" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"notices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"final" jsonb,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reply_run" ADD CONSTRAINT "reply_run_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_run" ADD CONSTRAINT "reply_run_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reply_run_user_idx" ON "reply_run" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reply_run_conversation_idx" ON "reply_run" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "reply_run_updated_idx" ON "reply_run" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "reply_run_lease_idx" ON "reply_run" USING btree ("lease_until") WHERE state in ('queued', 'streaming');