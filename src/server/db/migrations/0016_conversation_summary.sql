CREATE TABLE "conversation_summary" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"through_message_id" bigint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "summarized_message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_summary" ADD CONSTRAINT "conversation_summary_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_summary" ADD CONSTRAINT "conversation_summary_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_summary" ADD CONSTRAINT "conversation_summary_through_message_id_message_id_fk" FOREIGN KEY ("through_message_id") REFERENCES "public"."message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_summary_through_idx" ON "conversation_summary" USING btree ("conversation_id","through_message_id");--> statement-breakpoint
CREATE INDEX "conversation_summary_message_idx" ON "conversation_summary" USING btree ("through_message_id");