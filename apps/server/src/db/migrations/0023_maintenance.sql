CREATE TABLE "analytics_kept_counts" (
	"measure" text NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"key" text NOT NULL,
	"count" bigint NOT NULL,
	"total" double precision NOT NULL,
	CONSTRAINT "analytics_kept_counts_bucket_measure_dimension_value_key_pk" PRIMARY KEY("bucket","measure","dimension","value","key")
);
--> statement-breakpoint
CREATE TABLE "maintenance_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"dry_run" boolean DEFAULT false NOT NULL,
	"options" jsonb NOT NULL,
	"progress" jsonb NOT NULL,
	"error" text,
	"started_by" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "maintenance_runs_kind_check" CHECK (kind IN ('storage_cleanup', 'database_cleanup')),
	CONSTRAINT "maintenance_runs_status_check" CHECK (status IN ('running', 'stopping', 'completed', 'stopped', 'failed', 'interrupted'))
);
--> statement-breakpoint
ALTER TABLE "media_files" DROP CONSTRAINT "media_files_status_check";--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "maintenance_runs" ADD CONSTRAINT "maintenance_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_runs_one_running_idx" ON "maintenance_runs" USING btree ("kind") WHERE "maintenance_runs"."status" IN ('running', 'stopping');--> statement-breakpoint
CREATE INDEX "maintenance_runs_started_idx" ON "maintenance_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "media_files_storage_key_idx" ON "media_files" USING btree ("storage_key");--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_status_check" CHECK (status IN ('pending', 'ready', 'failed', 'removed'));