CREATE TABLE "conversation_member" (
	"conversation_id" integer NOT NULL,
	"character_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"position" integer NOT NULL,
	"present" boolean DEFAULT true NOT NULL,
	CONSTRAINT "conversation_member_conversation_id_character_id_pk" PRIMARY KEY("conversation_id","character_id")
);
--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "group_scene" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "speaker_id" integer;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "present" integer[];--> statement-breakpoint
ALTER TABLE "conversation_member" ADD CONSTRAINT "conversation_member_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_member" ADD CONSTRAINT "conversation_member_character_id_character_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."character"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_member" ADD CONSTRAINT "conversation_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_member_character_idx" ON "conversation_member" USING btree ("character_id");