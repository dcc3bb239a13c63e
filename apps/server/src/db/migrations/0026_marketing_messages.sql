ALTER TABLE "campaign_recipients" DROP CONSTRAINT "campaign_recipients_state_check";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "retry_held_back" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "marketing_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "coming_category" text;--> statement-breakpoint
ALTER TABLE "message_templates" ADD COLUMN "coming_category_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "campaign_recipients_held_idx" ON "campaign_recipients" USING btree ("campaign_id","not_before") WHERE "campaign_recipients"."state" = 'held';--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_state_check" CHECK (state IN ('pending', 'sending', 'sent', 'delivered', 'read', 'failed', 'skipped', 'unknown', 'held'));