CREATE TABLE "analytics_local_counts" (
	"grain" text NOT NULL,
	"measure" text NOT NULL,
	"dimension" text DEFAULT '' NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"period_start" timestamp NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"total" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_local_counts_grain_measure_dimension_period_start_value_key_pk" PRIMARY KEY("grain","measure","dimension","period_start","value","key")
);
--> statement-breakpoint
ALTER TABLE "analytics_counts" DROP CONSTRAINT "analytics_counts_measure_dimension_value_bucket_key_pk";--> statement-breakpoint
ALTER TABLE "analytics_counts" ADD CONSTRAINT "analytics_counts_measure_dimension_bucket_value_key_pk" PRIMARY KEY("measure","dimension","bucket","value","key");--> statement-breakpoint
CREATE INDEX "analytics_local_counts_period_idx" ON "analytics_local_counts" USING btree ("grain","period_start");--> statement-breakpoint
CREATE INDEX "analytics_first_seen_first_idx" ON "analytics_first_seen" USING btree ("first_at");--> statement-breakpoint
CREATE INDEX "conversations_held_idx" ON "conversations" USING btree ("session_user_id") WHERE "conversations"."session_state" = 'agent';--> statement-breakpoint
CREATE INDEX "messages_negative_time_idx" ON "messages" USING btree ("timestamp") WHERE "messages"."sentiment_label" = 'negative';