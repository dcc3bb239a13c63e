CREATE TABLE "license_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"source" text NOT NULL,
	"license_key" text,
	"secret_ciphertext" text,
	"applied_by" integer,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_state_single_row_check" CHECK ("license_state"."id" = 1),
	CONSTRAINT "license_state_source_check" CHECK ("license_state"."source" IN ('env', 'console', 'none')),
	CONSTRAINT "license_state_console_key_check" CHECK ("license_state"."source" <> 'console' OR "license_state"."license_key" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "license_usage" (
	"quota" text NOT NULL,
	"day" date NOT NULL,
	"used" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "license_usage_quota_day_pk" PRIMARY KEY("quota","day")
);
--> statement-breakpoint
ALTER TABLE "license_state" ADD CONSTRAINT "license_state_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;