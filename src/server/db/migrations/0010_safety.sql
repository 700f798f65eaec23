CREATE TABLE "conversation_notice" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"conversation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"resources" jsonb,
	"after_message_id" bigint,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_hold" (
	"user_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"detected_by" text NOT NULL,
	"conversation_id" integer,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"outcome" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "safety_monthly_count" (
	"month" date PRIMARY KEY NOT NULL,
	"crisis_referrals" integer DEFAULT 0 NOT NULL,
	"ai_notices" integer DEFAULT 0 NOT NULL,
	"minors_paused" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_notice" ADD CONSTRAINT "conversation_notice_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_notice" ADD CONSTRAINT "conversation_notice_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_hold" ADD CONSTRAINT "safety_hold_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_hold" ADD CONSTRAINT "safety_hold_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_hold" ADD CONSTRAINT "safety_hold_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_notice_conversation_idx" ON "conversation_notice" USING btree ("conversation_id","kind","shown_at");--> statement-breakpoint
CREATE INDEX "conversation_notice_user_idx" ON "conversation_notice" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "safety_hold_waiting_idx" ON "safety_hold" USING btree ("paused_at") WHERE "safety_hold"."outcome" is null;