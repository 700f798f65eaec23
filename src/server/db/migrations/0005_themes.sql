CREATE TABLE "user_theme" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"theme_name" text NOT NULL,
	"colors" jsonb NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_theme_selection" (
	"user_id" text PRIMARY KEY NOT NULL,
	"selected_theme_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_theme" ADD CONSTRAINT "user_theme_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_theme_selection" ADD CONSTRAINT "user_theme_selection_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_theme_user_created_idx" ON "user_theme" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_theme_one_active_idx" ON "user_theme" USING btree ("user_id") WHERE "user_theme"."is_active";