CREATE TABLE "moderation_decision" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"report_id" bigint,
	"action" text NOT NULL,
	"note" text NOT NULL,
	"actor_id" text NOT NULL,
	"subject_user_id" text,
	"message_id" bigint,
	"character_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	"reversed_by" text,
	"reversal_note" text
);
--> statement-breakpoint
CREATE TABLE "report" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reporter_id" text NOT NULL,
	"subject_user_id" text,
	"message_id" bigint,
	"character_id" integer,
	"conversation_id" integer,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "character" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_decision" ADD CONSTRAINT "moderation_decision_report_id_report_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."report"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decision" ADD CONSTRAINT "moderation_decision_subject_user_id_user_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decision" ADD CONSTRAINT "moderation_decision_message_id_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."message"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decision" ADD CONSTRAINT "moderation_decision_character_id_character_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."character"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_subject_user_id_user_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_message_id_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."message"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_character_id_character_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."character"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report" ADD CONSTRAINT "report_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_decision_report_idx" ON "moderation_decision" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "moderation_decision_subject_idx" ON "moderation_decision" USING btree ("subject_user_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_decision_message_idx" ON "moderation_decision" USING btree ("message_id") WHERE "moderation_decision"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "moderation_decision_character_idx" ON "moderation_decision" USING btree ("character_id") WHERE "moderation_decision"."character_id" is not null;--> statement-breakpoint
CREATE INDEX "report_status_idx" ON "report" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "report_subject_idx" ON "report" USING btree ("subject_user_id");--> statement-breakpoint
CREATE INDEX "report_character_idx" ON "report" USING btree ("character_id");--> statement-breakpoint
CREATE INDEX "report_message_idx" ON "report" USING btree ("message_id") WHERE "report"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "report_conversation_idx" ON "report" USING btree ("conversation_id") WHERE "report"."conversation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "report_once_per_message" ON "report" USING btree ("reporter_id","message_id") WHERE "report"."message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "report_once_per_character" ON "report" USING btree ("reporter_id","character_id") WHERE "report"."message_id" is null and "report"."character_id" is not null;