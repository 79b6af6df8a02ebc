CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"login" text DEFAULT '' NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rights_version" integer DEFAULT 0 NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_subject_unique" UNIQUE("subject")
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_key" text NOT NULL,
	"app_name" text NOT NULL,
	"app_icon" text DEFAULT '' NOT NULL,
	"app_url" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scene_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apps_app_key_unique" UNIQUE("app_key")
);
--> statement-breakpoint
CREATE TABLE "access_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"subject" text NOT NULL,
	"app_key" text NOT NULL,
	"effect" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "login_states" (
	"state" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"from_target" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"app_key" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seeded_items" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "seeded_items_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"module" text NOT NULL,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"auto_title" boolean DEFAULT true NOT NULL,
	"model_type" integer NOT NULL,
	"last_prompt_temperature" double precision NOT NULL,
	"lang" integer,
	"enable_mix" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"conv_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"reasoning" text DEFAULT '' NOT NULL,
	"citations" jsonb,
	"status" text NOT NULL,
	"model_type" integer,
	"temperature" double precision,
	"finish_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "message_feedback" (
	"message_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"value" text,
	"copy_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_feedback_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_usage" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"module" text NOT NULL,
	"conv_id" text NOT NULL,
	"message_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
	"max_ms" bigint NOT NULL,
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
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conv_id_conversations_id_fk" FOREIGN KEY ("conv_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_feedback" ADD CONSTRAINT "message_feedback_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_usage" ADD CONSTRAINT "chat_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_rules_subject_app_idx" ON "access_rules" USING btree ("subject_type","subject","app_key");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "conversations_user_module_updated_idx" ON "conversations" USING btree ("user_id","module","updated_at");--> statement-breakpoint
CREATE INDEX "chat_messages_conv_seq_idx" ON "chat_messages" USING btree ("conv_id","seq");--> statement-breakpoint
CREATE INDEX "chat_messages_status_updated_idx" ON "chat_messages" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "chat_usage_user_module_created_idx" ON "chat_usage" USING btree ("user_id","module","created_at");--> statement-breakpoint
CREATE INDEX "analytics_events_ts_idx" ON "analytics_events" USING btree ("ts");--> statement-breakpoint
CREATE INDEX "analytics_events_type_ts_idx" ON "analytics_events" USING btree ("type","ts");--> statement-breakpoint
CREATE INDEX "analytics_events_app_key_ts_idx" ON "analytics_events" USING btree ("app_key","ts");