CREATE TABLE "flow_inbox" (
	"message_id" integer PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_node_visits" (
	"session_id" uuid NOT NULL,
	"flow_id" integer NOT NULL,
	"node_id" text NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_node_visits_session_id_node_id_pk" PRIMARY KEY("session_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "flow_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flow_id" integer NOT NULL,
	"flow_version" integer NOT NULL,
	"user_id" text NOT NULL,
	"conversation_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"current_node_id" text,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"timeout_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handed_off" boolean DEFAULT false NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_sessions_status_check" CHECK (status IN ('active', 'waiting', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "flow_versions" (
	"flow_id" integer NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"nodes" jsonb NOT NULL,
	"edges" jsonb NOT NULL,
	"saved_by" integer,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_versions_flow_id_version_pk" PRIMARY KEY("flow_id","version")
);
--> statement-breakpoint
CREATE TABLE "flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"nodes" jsonb NOT NULL,
	"edges" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"triggers" jsonb DEFAULT '{"keywords":[],"onNewConversation":false,"isDefault":false}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flows_status_check" CHECK (status IN ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "flow_inbox" ADD CONSTRAINT "flow_inbox_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_inbox" ADD CONSTRAINT "flow_inbox_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_node_visits" ADD CONSTRAINT "flow_node_visits_session_id_flow_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."flow_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_sessions" ADD CONSTRAINT "flow_sessions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_sessions" ADD CONSTRAINT "flow_sessions_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD CONSTRAINT "flow_versions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flows" ADD CONSTRAINT "flows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_inbox_conversation_idx" ON "flow_inbox" USING btree ("conversation_id","message_id");--> statement-breakpoint
CREATE INDEX "flow_node_visits_flow_idx" ON "flow_node_visits" USING btree ("flow_id","node_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_sessions_live_conversation_idx" ON "flow_sessions" USING btree ("conversation_id") WHERE "flow_sessions"."status" <> 'ended' AND "flow_sessions"."conversation_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "flow_sessions_flow_idx" ON "flow_sessions" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX "flow_sessions_timeout_idx" ON "flow_sessions" USING btree ("timeout_at") WHERE "flow_sessions"."status" = 'waiting' AND "flow_sessions"."timeout_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "flow_sessions_idle_idx" ON "flow_sessions" USING btree ("last_activity_at") WHERE "flow_sessions"."status" <> 'ended';--> statement-breakpoint
CREATE INDEX "flows_updated_idx" ON "flows" USING btree ("updated_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "flows_active_idx" ON "flows" USING btree ("id") WHERE "flows"."is_active";