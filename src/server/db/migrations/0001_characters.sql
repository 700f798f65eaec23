CREATE TABLE "avatar" (
	"file_name" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "character" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"type" text DEFAULT 'companion' NOT NULL,
	"gender" text NOT NULL,
	"personality" text NOT NULL,
	"avatar_image" text,
	"avatar_color" text DEFAULT 'default' NOT NULL,
	"settings" jsonb DEFAULT '{"emojis":true,"actionMessages":true}'::jsonb NOT NULL,
	"directness_level" integer DEFAULT 2 NOT NULL,
	"sexual_preferences" text[] DEFAULT '{}'::text[] NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"include_roles" boolean DEFAULT false NOT NULL,
	"working_memory" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"character_id" integer,
	"title" text DEFAULT 'New conversation' NOT NULL,
	"last_message" text,
	"message_count" integer DEFAULT 0 NOT NULL,
	"model" text,
	"chat_mode" text DEFAULT 'assistant' NOT NULL,
	"scenario" text,
	"current_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avatar" ADD CONSTRAINT "avatar_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character" ADD CONSTRAINT "character_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation" ADD CONSTRAINT "conversation_character_id_character_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."character"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avatar_user_id_idx" ON "avatar" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "character_user_id_idx" ON "character" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "conversation_user_updated_idx" ON "conversation" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "conversation_character_idx" ON "conversation" USING btree ("character_id");