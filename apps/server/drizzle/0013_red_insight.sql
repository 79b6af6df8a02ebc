-- 社媒洞察 (red): the dictionary of categories, brands and products; notes with their offline
-- analysis; brand mentions and topics copied with the note's date so range scans stay on indexes;
-- subscriptions, collections and imports.
CREATE TABLE "red_projects" (
  "id" serial PRIMARY KEY NOT NULL,
  "name" text NOT NULL UNIQUE,
  "is_sample" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "red_brands" (
  "id" serial PRIMARY KEY NOT NULL,
  "project_id" integer NOT NULL REFERENCES "red_projects"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "aliases" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "red_brands_project_name_idx" ON "red_brands" ("project_id", "name");
--> statement-breakpoint
CREATE TABLE "red_products" (
  "id" serial PRIMARY KEY NOT NULL,
  "brand_id" integer NOT NULL REFERENCES "red_brands"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "aliases" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "red_products_brand_name_idx" ON "red_products" ("brand_id", "name");
--> statement-breakpoint
CREATE TABLE "red_notes" (
  "id" serial PRIMARY KEY NOT NULL,
  "note_id" text NOT NULL UNIQUE,
  "source" text NOT NULL,
  "title" text NOT NULL,
  "content" text NOT NULL,
  "author" text NOT NULL,
  "published_at" timestamp with time zone NOT NULL,
  "likes" integer NOT NULL,
  "collects" integer NOT NULL,
  "comments" integer NOT NULL,
  "shares" integer NOT NULL,
  "interactions" integer NOT NULL,
  "weighted" integer NOT NULL,
  "topics" jsonb NOT NULL,
  "image_count" integer NOT NULL,
  "link" text NOT NULL,
  "sentiment" text NOT NULL,
  "sentiment_score" real NOT NULL,
  "sentences" jsonb NOT NULL,
  "scenes" jsonb NOT NULL,
  "keywords" jsonb NOT NULL,
  "title_length" integer NOT NULL,
  "content_length" integer NOT NULL,
  "is_sample" boolean DEFAULT false NOT NULL,
  "imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "red_notes_published_idx" ON "red_notes" ("published_at");
--> statement-breakpoint
CREATE INDEX "red_notes_interactions_idx" ON "red_notes" ("interactions");
--> statement-breakpoint
CREATE TABLE "red_note_brands" (
  "note_pk" integer NOT NULL REFERENCES "red_notes"("id") ON DELETE CASCADE,
  "project_id" integer NOT NULL,
  "brand_id" integer NOT NULL,
  "product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "published_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("note_pk", "brand_id")
);
--> statement-breakpoint
CREATE INDEX "red_note_brands_project_idx" ON "red_note_brands" ("project_id", "published_at", "note_pk");
--> statement-breakpoint
CREATE INDEX "red_note_brands_brand_idx" ON "red_note_brands" ("brand_id", "published_at", "note_pk");
--> statement-breakpoint
CREATE TABLE "red_note_topics" (
  "note_pk" integer NOT NULL REFERENCES "red_notes"("id") ON DELETE CASCADE,
  "topic" text NOT NULL,
  "published_at" timestamp with time zone NOT NULL,
  "interactions" integer NOT NULL,
  "weighted" integer NOT NULL,
  PRIMARY KEY ("note_pk", "topic")
);
--> statement-breakpoint
CREATE INDEX "red_note_topics_published_idx" ON "red_note_topics" ("published_at", "topic");
--> statement-breakpoint
CREATE INDEX "red_note_topics_topic_idx" ON "red_note_topics" ("topic", "published_at");
--> statement-breakpoint
CREATE TABLE "red_daily_counts" (
  "project_id" integer NOT NULL,
  "brand_id" integer NOT NULL,
  "day" text NOT NULL,
  "sentiment" text NOT NULL,
  "notes" integer NOT NULL,
  "interactions" bigint NOT NULL,
  "likes" bigint NOT NULL,
  "collects" bigint NOT NULL,
  "comments" bigint NOT NULL,
  "shares" bigint NOT NULL,
  PRIMARY KEY ("project_id", "brand_id", "day", "sentiment")
);
--> statement-breakpoint
CREATE TABLE "red_topics" (
  "topic" text PRIMARY KEY NOT NULL,
  "first_seen" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "red_project_subscriptions" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "project_id" integer NOT NULL REFERENCES "red_projects"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "project_id")
);
--> statement-breakpoint
CREATE TABLE "red_brand_subscriptions" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "brand_id" integer NOT NULL REFERENCES "red_brands"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "brand_id")
);
--> statement-breakpoint
CREATE TABLE "red_collections" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "note_pk" integer NOT NULL REFERENCES "red_notes"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "note_pk")
);
--> statement-breakpoint
CREATE INDEX "red_collections_user_idx" ON "red_collections" ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "red_imports" (
  "id" text PRIMARY KEY NOT NULL,
  "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "source" text NOT NULL,
  "file_name" text NOT NULL,
  "format" text NOT NULL,
  "object_key" text NOT NULL,
  "status" text DEFAULT 'queued' NOT NULL,
  "expected" integer,
  "total" integer DEFAULT 0 NOT NULL,
  "imported" integer DEFAULT 0 NOT NULL,
  "duplicates" integer DEFAULT 0 NOT NULL,
  "failed" integer DEFAULT 0 NOT NULL,
  "message" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "red_import_errors" (
  "id" serial PRIMARY KEY NOT NULL,
  "import_id" text NOT NULL REFERENCES "red_imports"("id") ON DELETE CASCADE,
  "row" integer NOT NULL,
  "message" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "red_import_errors_import_idx" ON "red_import_errors" ("import_id", "row");
