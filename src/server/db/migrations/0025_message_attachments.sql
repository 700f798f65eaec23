ALTER TABLE "message" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
CREATE INDEX "message_attachments_idx" ON "message" USING btree ("user_id") WHERE "message"."attachments" is not null;--> statement-breakpoint
-- A message's pictures go with it, whichever deletion took it (the message, its branch, its
-- conversation, character or account; decision 0063). Only messages that carry files fire it.
CREATE FUNCTION "message_attachment_file_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "file_removal" ("key")
    SELECT a ->> 'key' FROM jsonb_array_elements(OLD."attachments") a
     WHERE a ->> 'key' IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "message_attachment_file_removal" AFTER DELETE ON "message"
  FOR EACH ROW WHEN (OLD."attachments" IS NOT NULL)
  EXECUTE FUNCTION "message_attachment_file_removal"();
