CREATE TABLE "media_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"meta_media_id" text,
	"mime_type" text,
	"file_size" bigint,
	"sha256" text,
	"filename" text,
	"storage_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_direction_check" CHECK ("media_files"."direction" IN ('inbound', 'outbound')),
	CONSTRAINT "media_files_status_check" CHECK ("media_files"."status" IN ('pending', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_signature_failures" (
	"day" date PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "conversations_last_message_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "session_state" text DEFAULT 'bot' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "session_user_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "session_reason" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "session_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "retry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_message_idx" ON "media_files" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "media_files_created_idx" ON "media_files" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "media_files_pending_idx" ON "media_files" USING btree ("next_attempt_at") WHERE "media_files"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_session_user_id_users_id_fk" FOREIGN KEY ("session_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_last_message_desc_idx" ON "conversations" USING btree ("last_message_at" DESC NULLS LAST,"id" DESC);--> statement-breakpoint
CREATE INDEX "messages_failed_idx" ON "messages" USING btree ("failed_at") WHERE "messages"."status" = 'failed';--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_session_state_check" CHECK ("conversations"."session_state" IN ('bot', 'agent', 'ended'));