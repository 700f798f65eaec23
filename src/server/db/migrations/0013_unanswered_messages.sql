CREATE TABLE "unanswered_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"character_id" integer NOT NULL,
	"conversation_id" integer,
	"content" text NOT NULL,
	"after_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unanswered_message" ADD CONSTRAINT "unanswered_message_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unanswered_message" ADD CONSTRAINT "unanswered_message_character_id_character_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."character"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unanswered_message" ADD CONSTRAINT "unanswered_message_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unanswered_message_owner_idx" ON "unanswered_message" USING btree ("user_id","character_id","conversation_id","id");--> statement-breakpoint
CREATE INDEX "unanswered_message_conversation_idx" ON "unanswered_message" USING btree ("conversation_id");