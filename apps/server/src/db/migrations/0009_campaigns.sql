CREATE TABLE "campaign_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"phone" text NOT NULL,
	"wa_id" text NOT NULL,
	"name" text,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"message_id" integer,
	"wamid" text,
	"error_code" integer,
	"error_title" text,
	"error_details" text,
	"not_before" timestamp with time zone,
	"sending_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_recipients_state_check" CHECK (state IN ('pending', 'sending', 'sent', 'delivered', 'read', 'failed', 'skipped', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"status_reason" text,
	"template_id" integer,
	"template_name" text NOT NULL,
	"template_language" text NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rate_per_second" integer DEFAULT 80 NOT NULL,
	"schedule_time" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "campaigns_rate_check" CHECK ("campaigns"."rate_per_second" BETWEEN 1 AND 1000),
	CONSTRAINT "campaigns_status_check" CHECK (status IN ('draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_template_id_message_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."message_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_phone_idx" ON "campaign_recipients" USING btree ("campaign_id","phone");--> statement-breakpoint
CREATE INDEX "campaign_recipients_state_idx" ON "campaign_recipients" USING btree ("campaign_id","state");--> statement-breakpoint
CREATE INDEX "campaign_recipients_due_idx" ON "campaign_recipients" USING btree ("campaign_id","id") WHERE "campaign_recipients"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "campaign_recipients_wamid_idx" ON "campaign_recipients" USING btree ("wamid") WHERE "campaign_recipients"."wamid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status");--> statement-breakpoint
CREATE INDEX "campaigns_due_idx" ON "campaigns" USING btree ("schedule_time") WHERE "campaigns"."status" = 'scheduled';