ALTER TABLE "api_key_usage" ADD COLUMN "calls" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_key_usage" ADD COLUMN "replayed" boolean DEFAULT false NOT NULL;