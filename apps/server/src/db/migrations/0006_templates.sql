CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"meta_id" text,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"parameter_format" text DEFAULT 'POSITIONAL' NOT NULL,
	"components" jsonb NOT NULL,
	"rejected_reason" text,
	"previous_category" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_templates_meta_id_unique" UNIQUE("meta_id"),
	CONSTRAINT "message_templates_category_check" CHECK ("message_templates"."category" IN ('MARKETING', 'UTILITY', 'AUTHENTICATION')),
	CONSTRAINT "message_templates_parameter_format_check" CHECK ("message_templates"."parameter_format" IN ('POSITIONAL', 'NAMED'))
);
--> statement-breakpoint
CREATE TABLE "template_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"format" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"meta_media_id" text,
	"meta_media_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "template_name" text;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_uploads" ADD CONSTRAINT "template_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_name_language_idx" ON "message_templates" USING btree ("name","language");--> statement-breakpoint
CREATE INDEX "message_templates_updated_idx" ON "message_templates" USING btree ("updated_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "message_templates_status_idx" ON "message_templates" USING btree ("status","updated_at" DESC);--> statement-breakpoint
CREATE INDEX "message_templates_category_idx" ON "message_templates" USING btree ("category","updated_at" DESC);--> statement-breakpoint
CREATE INDEX "message_templates_language_idx" ON "message_templates" USING btree ("language");--> statement-breakpoint
CREATE INDEX "message_templates_name_trgm_idx" ON "message_templates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_template_time_idx" ON "messages" USING btree ("timestamp","template_name","status") WHERE "messages"."template_name" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_template_name_idx" ON "messages" USING btree ("template_name","timestamp") WHERE "messages"."template_name" IS NOT NULL;