-- The search service: research sessions, executions run step by step by durable jobs, the sources
-- fetched and stored with each run, a session's history, and pages or files added to a session.
CREATE TABLE "search_sessions" (
  "id" text PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "app_doi" text NOT NULL,
  "name" text NOT NULL,
  "exec_id" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_sessions_user_updated_idx" ON "search_sessions" ("user_id", "updated_at");
--> statement-breakpoint
CREATE TABLE "search_executions" (
  "id" text PRIMARY KEY NOT NULL,
  "session_id" text NOT NULL REFERENCES "search_sessions"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "workflow_id" text NOT NULL,
  "kind" text NOT NULL,
  "status" text DEFAULT 'waiting' NOT NULL,
  "query" text DEFAULT '' NOT NULL,
  "plan" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "steps" jsonb NOT NULL,
  "budget" jsonb NOT NULL,
  "usage" jsonb NOT NULL,
  "candidates" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "summary" text,
  "summary_mode" text,
  "citations" jsonb,
  "mind" jsonb,
  "mind_markdown" text,
  "note" text,
  "error" text,
  "job_id" integer,
  "stop_requested" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_executions_session_idx" ON "search_executions" ("session_id", "created_at");
--> statement-breakpoint
CREATE TABLE "search_sources" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "execution_id" text NOT NULL REFERENCES "search_executions"("id") ON DELETE CASCADE,
  "idx" integer NOT NULL,
  "kind" text NOT NULL,
  "title" text NOT NULL,
  "url" text NOT NULL,
  "site" text NOT NULL,
  "snippet" text NOT NULL,
  "passage" text DEFAULT '' NOT NULL,
  "content" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_sources_execution_idx" ON "search_sources" ("execution_id", "idx");
--> statement-breakpoint
CREATE TABLE "search_messages" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "session_id" text NOT NULL REFERENCES "search_sessions"("id") ON DELETE CASCADE,
  "exec_id" text,
  "initiator" text NOT NULL,
  "content" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_messages_session_idx" ON "search_messages" ("session_id", "id");
--> statement-breakpoint
CREATE TABLE "search_parses" (
  "id" text PRIMARY KEY NOT NULL,
  "session_id" text NOT NULL REFERENCES "search_sessions"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL,
  "kind" text NOT NULL,
  "url" text,
  "file_id" text,
  "title" text NOT NULL,
  "reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_parses_session_idx" ON "search_parses" ("session_id");
