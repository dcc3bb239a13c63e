CREATE TABLE "sign_in_attempts" (
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer NOT NULL,
	CONSTRAINT "sign_in_attempts_username_ip_pk" PRIMARY KEY("username","ip")
);
--> statement-breakpoint
DROP TABLE "failed_logins" CASCADE;--> statement-breakpoint
CREATE INDEX "sign_in_attempts_window_idx" ON "sign_in_attempts" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");