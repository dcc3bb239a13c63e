CREATE TABLE "campaign_pacing" (
	"phone_number_id" text PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone DEFAULT now() NOT NULL,
	"slowdown" real DEFAULT 1 NOT NULL,
	"slowed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "progress_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "progress_accepted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "campaign_recipients_order_idx" ON "campaign_recipients" USING btree ("campaign_id","id");