CREATE TABLE "webhook_refusals" (
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_refusals_day_reason_pk" PRIMARY KEY("day","reason")
);
--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "bsuid" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "parent_bsuid" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "username" text;--> statement-breakpoint
CREATE INDEX "contacts_username_trgm_idx" ON "contacts" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_bsuid_unique" UNIQUE("bsuid");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_identity_check" CHECK ("contacts"."phone" IS NOT NULL OR "contacts"."bsuid" IS NOT NULL);