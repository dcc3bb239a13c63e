CREATE TABLE "whatsapp_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone_number_id" text NOT NULL,
	"display_phone_number" text,
	"name" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"verified_name" text,
	"quality_rating" text,
	"throughput_level" text,
	"messaging_limit" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_numbers_phone_number_id_unique" UNIQUE("phone_number_id")
);
--> statement-breakpoint
ALTER TABLE "flows" ALTER COLUMN "triggers" SET DEFAULT '{"keywords":[],"onNewConversation":false,"isDefault":false,"phoneNumberIds":[]}'::jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "phone_number_id" text;--> statement-breakpoint
-- Every number conversations already belong to is listed, so none of them is orphaned (the configured one is added at start).
INSERT INTO "whatsapp_numbers" ("phone_number_id") SELECT DISTINCT "phone_number_id" FROM "conversations" ON CONFLICT DO NOTHING;
