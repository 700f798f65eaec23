ALTER TABLE "feedback" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_message_id_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."message"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_user_message_idx" ON "feedback" USING btree ("user_id","message_id");