ALTER TABLE "campaign_pacing" ADD COLUMN "second_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_pacing" ADD COLUMN "second_taken" integer DEFAULT 0 NOT NULL;