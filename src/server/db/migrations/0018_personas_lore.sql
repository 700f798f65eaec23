CREATE TABLE "persona" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"avatar_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "persona_id" integer;--> statement-breakpoint
ALTER TABLE "message" ADD COLUMN "lore" jsonb;--> statement-breakpoint
ALTER TABLE "persona" ADD CONSTRAINT "persona_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "persona_user_idx" ON "persona" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_persona_id_persona_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."persona"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_persona_idx" ON "conversation" USING btree ("persona_id") WHERE "conversation"."persona_id" is not null;