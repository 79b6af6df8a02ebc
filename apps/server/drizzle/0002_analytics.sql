CREATE TABLE "analytics_events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"ts" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"app_key" text NOT NULL,
	"anonymous_id" text NOT NULL,
	"user_id" text,
	"auth_user_id" integer,
	"cycle_id" text NOT NULL,
	"page_url" text NOT NULL,
	"detail" jsonb NOT NULL,
	"context" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_pending_days" (
	"day" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_events" (
	"day" date NOT NULL,
	"app_key" text NOT NULL,
	"type" smallint NOT NULL,
	"events" integer NOT NULL,
	CONSTRAINT "analytics_daily_events_day_app_key_type_pk" PRIMARY KEY("day","app_key","type")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_users" (
	"day" date PRIMARY KEY NOT NULL,
	"users" integer NOT NULL,
	"signed_in" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_opens" (
	"day" date NOT NULL,
	"app_key" text NOT NULL,
	"opens" integer NOT NULL,
	"users" integer NOT NULL,
	CONSTRAINT "analytics_daily_opens_day_app_key_pk" PRIMARY KEY("day","app_key")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_cycles" (
	"day" date NOT NULL,
	"app_key" text NOT NULL,
	"cycles" integer NOT NULL,
	"total_ms" bigint NOT NULL,
	"max_ms" bigint NOT NULL,
	CONSTRAINT "analytics_daily_cycles_day_app_key_pk" PRIMARY KEY("day","app_key")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_api" (
	"day" date NOT NULL,
	"app_key" text NOT NULL,
	"path" text NOT NULL,
	"calls" integer NOT NULL,
	"errors" integer NOT NULL,
	"total_ms" bigint NOT NULL,
	"max_ms" integer NOT NULL,
	CONSTRAINT "analytics_daily_api_day_app_key_path_pk" PRIMARY KEY("day","app_key","path")
);
--> statement-breakpoint
CREATE TABLE "analytics_daily_script_errors" (
	"day" date NOT NULL,
	"app_key" text NOT NULL,
	"message_hash" text NOT NULL,
	"message" text NOT NULL,
	"errors" integer NOT NULL,
	"last_ts" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "analytics_daily_script_errors_day_app_key_message_hash_pk" PRIMARY KEY("day","app_key","message_hash")
);
--> statement-breakpoint
CREATE INDEX "analytics_events_ts_idx" ON "analytics_events" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "analytics_events_type_ts_idx" ON "analytics_events" USING btree ("type","ts");--> statement-breakpoint
CREATE INDEX "analytics_events_app_key_ts_idx" ON "analytics_events" USING btree ("app_key","ts");