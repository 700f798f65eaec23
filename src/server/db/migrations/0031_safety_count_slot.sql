CREATE TABLE "safety_count_slot" (
	"month" date NOT NULL,
	"slot" integer NOT NULL,
	"crisis_referrals" integer DEFAULT 0 NOT NULL,
	"ai_notices" integer DEFAULT 0 NOT NULL,
	"minors_paused" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "safety_count_slot_month_slot_pk" PRIMARY KEY("month","slot")
);
