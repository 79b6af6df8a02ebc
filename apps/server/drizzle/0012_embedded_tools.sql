-- The embedded tools (Stable Diffusion WebUI, ComfyUI): ComfyUI's history, queue and files are
-- global, so the portal records who queued which prompt and which files are whose, and filters.
CREATE TABLE "embedded_comfy_prompts" (
  "prompt_id" text PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "embedded_comfy_prompts_user_idx" ON "embedded_comfy_prompts" ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "embedded_comfy_files" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "subfolder" text DEFAULT '' NOT NULL,
  "filename" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "embedded_comfy_files_pk" PRIMARY KEY ("user_id", "kind", "subfolder", "filename")
);
--> statement-breakpoint
-- Calls of a tool's API through the portal: quota, the SD queue position and the audit trail.
CREATE TABLE "embedded_api_calls" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "app_key" text NOT NULL,
  "method" text NOT NULL,
  "path" text NOT NULL,
  "generation" boolean DEFAULT false NOT NULL,
  "status" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "embedded_api_calls_user_idx" ON "embedded_api_calls" ("user_id", "app_key", "created_at");
--> statement-breakpoint
CREATE INDEX "embedded_api_calls_waiting_idx" ON "embedded_api_calls" ("app_key", "id")
  WHERE "finished_at" is null and "generation";
