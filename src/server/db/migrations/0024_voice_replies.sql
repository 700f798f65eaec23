CREATE TABLE "message_speech" (
	"message_id" bigint NOT NULL,
	"voice" text NOT NULL,
	"text_hash" text NOT NULL,
	"storage_key" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_speech_message_id_voice_pk" PRIMARY KEY("message_id","voice"),
	CONSTRAINT "message_speech_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "character" ADD COLUMN "voice" text;--> statement-breakpoint
ALTER TABLE "conversation" ADD COLUMN "auto_play_replies" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message_speech" ADD CONSTRAINT "message_speech_message_id_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A read-aloud's file goes with its row, whichever deletion took the row (decision 0062).
CREATE FUNCTION "message_speech_file_removal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "file_removal" ("key") VALUES (OLD."storage_key") ON CONFLICT DO NOTHING;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "message_speech_file_removal" AFTER DELETE ON "message_speech"
  FOR EACH ROW EXECUTE FUNCTION "message_speech_file_removal"();
