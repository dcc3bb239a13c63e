CREATE TABLE "message_prices" (
	"market" text NOT NULL,
	"category" text NOT NULL,
	"price" numeric(14, 6) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_prices_market_category_pk" PRIMARY KEY("market","category"),
	CONSTRAINT "message_prices_price_check" CHECK ("message_prices"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "billable" boolean;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pricing_category" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pricing_type" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pricing_model" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pricing_market" text;--> statement-breakpoint
CREATE INDEX "messages_billable_time_idx" ON "messages" USING btree ("timestamp") WHERE "messages"."billable";