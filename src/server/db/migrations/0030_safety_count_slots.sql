ALTER TABLE "safety_monthly_count" DROP CONSTRAINT "safety_monthly_count_pkey";--> statement-breakpoint
ALTER TABLE "safety_monthly_count" ADD COLUMN "slot" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_monthly_count" ADD CONSTRAINT "safety_monthly_count_month_slot_pk" PRIMARY KEY("month","slot");
