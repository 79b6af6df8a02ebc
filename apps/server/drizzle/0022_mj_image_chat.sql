-- The image chat of the chatgpt app (module type 1): conversations, turns (a prompt or a button on
-- an earlier reply, each a durable job charged to the image usage) and the images they drew
-- (stored files of their owner).
CREATE TABLE "mj_conversations" (
  "id" text PRIMARY KEY NOT NULL,
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "title" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mj_conversations_owner_idx" ON "mj_conversations" ("owner_id", "updated_at");
--> statement-breakpoint
CREATE TABLE "mj_messages" (
  "id" text PRIMARY KEY NOT NULL,
  "seq" bigserial NOT NULL,
  "conv_id" text NOT NULL REFERENCES "mj_conversations"("id") ON DELETE CASCADE,
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "action" text NOT NULL,
  "variant" integer,
  "parent_id" text REFERENCES "mj_messages"("id") ON DELETE SET NULL,
  "prompt" text NOT NULL,
  "engine" text NOT NULL,
  "status" text DEFAULT 'queued' NOT NULL,
  "progress" integer DEFAULT 0 NOT NULL,
  "status_text" text DEFAULT '' NOT NULL,
  "charged" integer NOT NULL,
  "refunded" boolean DEFAULT false NOT NULL,
  "job_id" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "mj_messages_seq_unique" UNIQUE ("seq")
);
--> statement-breakpoint
CREATE INDEX "mj_messages_conv_seq_idx" ON "mj_messages" ("conv_id", "seq");
--> statement-breakpoint
CREATE TABLE "mj_images" (
  "id" text PRIMARY KEY NOT NULL,
  "message_id" text NOT NULL REFERENCES "mj_messages"("id") ON DELETE CASCADE,
  "owner_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "file_id" text NOT NULL REFERENCES "files"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mj_images_message_idx" ON "mj_images" ("message_id", "position");
