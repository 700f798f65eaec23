CREATE TABLE "model_offering" (
	"model" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"credits_per_reply" integer DEFAULT 1 NOT NULL,
	"input_usd_per_million" numeric(12, 4) DEFAULT 0 NOT NULL,
	"output_usd_per_million" numeric(12, 4) DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text,
	"plan" text,
	"model" text NOT NULL,
	"purpose" text NOT NULL,
	"ok" boolean NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"estimated" boolean DEFAULT false NOT NULL,
	"ttft_ms" integer
);
--> statement-breakpoint
CREATE TABLE "site_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
ALTER TABLE "reply_charge" ADD COLUMN "amount" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "model_usage" ADD CONSTRAINT "model_usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "model_offering_one_default" ON "model_offering" USING btree ("is_default") WHERE "model_offering"."is_default";--> statement-breakpoint
CREATE INDEX "model_usage_at_idx" ON "model_usage" USING btree ("at");--> statement-breakpoint
CREATE INDEX "model_usage_user_idx" ON "model_usage" USING btree ("user_id") WHERE "model_usage"."user_id" is not null;