CREATE TABLE "analytics_active_counts" (
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"period_start" timestamp NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "analytics_active_counts_period_kind_period_start_pk" PRIMARY KEY("period","kind","period_start")
);
--> statement-breakpoint
CREATE TABLE "analytics_counts" (
	"measure" text NOT NULL,
	"dimension" text DEFAULT '' NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"total" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_counts_measure_dimension_value_bucket_key_pk" PRIMARY KEY("measure","dimension","value","bucket","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_dirty_buckets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_first_seen" (
	"contact_id" integer PRIMARY KEY NOT NULL,
	"first_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_presence" (
	"period" text NOT NULL,
	"kind" text NOT NULL,
	"period_start" timestamp NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "analytics_presence_period_kind_period_start_subject_id_pk" PRIMARY KEY("period","kind","period_start","subject_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_response_samples" (
	"reply_message_id" integer PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"agent_id" integer,
	"kind" text NOT NULL,
	"waiting_since" timestamp with time zone NOT NULL,
	"replied_at" timestamp with time zone NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"seconds" integer NOT NULL,
	"business_seconds" integer
);
--> statement-breakpoint
CREATE TABLE "analytics_retention" (
	"cohort_week" timestamp NOT NULL,
	"active_week" timestamp NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "analytics_retention_cohort_week_active_week_pk" PRIMARY KEY("cohort_week","active_week")
);
--> statement-breakpoint
CREATE TABLE "analytics_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_session_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"reason" text,
	"user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sentiment_label" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sentiment_score" real;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sentiment_language" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sentiment_model_label" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sentiment_corrected_by" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sentiment_corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_session_changes" ADD CONSTRAINT "conversation_session_changes_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_session_changes" ADD CONSTRAINT "conversation_session_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_counts_bucket_idx" ON "analytics_counts" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "analytics_response_samples_bucket_idx" ON "analytics_response_samples" USING btree ("bucket");--> statement-breakpoint
CREATE INDEX "analytics_response_samples_conversation_idx" ON "analytics_response_samples" USING btree ("conversation_id","replied_at");--> statement-breakpoint
CREATE INDEX "conversation_session_changes_conversation_idx" ON "conversation_session_changes" USING btree ("conversation_id","changed_at");--> statement-breakpoint
CREATE INDEX "conversation_session_changes_time_idx" ON "conversation_session_changes" USING btree ("changed_at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sentiment_corrected_by_users_id_fk" FOREIGN KEY ("sentiment_corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_message_idx" ON "campaign_recipients" USING btree ("message_id") WHERE "campaign_recipients"."message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_unscored_idx" ON "messages" USING btree ("id") WHERE "messages"."direction" = 'inbound' AND "messages"."type" = 'text' AND "messages"."sentiment_label" IS NULL;--> statement-breakpoint
CREATE INDEX "messages_corrected_sentiment_idx" ON "messages" USING btree ("sentiment_corrected_at") WHERE "messages"."sentiment_corrected_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sentiment_label_check" CHECK (sentiment_label IN ('positive', 'neutral', 'negative'));