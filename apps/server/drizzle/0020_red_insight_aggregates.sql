-- 社媒洞察 (red): daily aggregates of their own for the scene, sentence and high-performing-note
-- queries, per scope like red_daily_counts ((0, 0) every note, (project, 0) a category's notes,
-- (project, brand) a brand's) and per note sentiment, so that a month of a category is read from
-- a few thousand rows instead of its notes. Notes written from now on are counted as they are
-- written; a database that already holds notes is counted once by the `red.aggregates` job (the
-- queries read the notes themselves until it has run, told by the settings key below). Every
-- table is updated in place batch after batch: pages are left 30% free so that an update stays on
-- its page without touching the key index (a HOT update).
CREATE TABLE "red_daily_scenes" (
  "project_id" integer NOT NULL,
  "brand_id" integer NOT NULL,
  "day" text NOT NULL,
  "sentiment" text NOT NULL,
  "scene" text NOT NULL,
  "notes" integer NOT NULL,
  PRIMARY KEY ("project_id", "brand_id", "day", "sentiment", "scene")
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE TABLE "red_daily_keywords" (
  "project_id" integer NOT NULL,
  "brand_id" integer NOT NULL,
  "day" text NOT NULL,
  "sentiment" text NOT NULL,
  "word" text NOT NULL,
  "notes" integer NOT NULL,
  PRIMARY KEY ("project_id", "brand_id", "day", "sentiment", "word")
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE TABLE "red_daily_sentences" (
  "project_id" integer NOT NULL,
  "brand_id" integer NOT NULL,
  "day" text NOT NULL,
  "sentiment" text NOT NULL,
  "polarity" text NOT NULL,
  "score" integer NOT NULL,
  "sentences" integer NOT NULL,
  PRIMARY KEY ("project_id", "brand_id", "day", "sentiment", "polarity", "score")
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE TABLE "red_daily_quality" (
  "project_id" integer NOT NULL,
  "brand_id" integer NOT NULL,
  "day" text NOT NULL,
  "sentiment" text NOT NULL,
  "bucket" integer NOT NULL,
  "notes" integer NOT NULL,
  "title_length" bigint NOT NULL,
  "content_length" bigint NOT NULL,
  "image_count" bigint NOT NULL,
  "patterns" integer[] NOT NULL,
  "hours" integer[] NOT NULL,
  PRIMARY KEY ("project_id", "brand_id", "day", "sentiment", "bucket")
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE TABLE "red_daily_quality_topics" (
  "project_id" integer NOT NULL,
  "brand_id" integer NOT NULL,
  "day" text NOT NULL,
  "sentiment" text NOT NULL,
  "bucket" integer NOT NULL,
  "topic" text NOT NULL,
  "notes" integer NOT NULL,
  PRIMARY KEY ("project_id", "brand_id", "day", "sentiment", "bucket", "topic")
) WITH (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "red_daily_counts" SET (fillfactor = 70);
--> statement-breakpoint
-- The high-performing-note query reads one interaction bucket's notes of a date range: the date
-- in the index skips the bucket's notes outside the range without reading them.
DROP INDEX "red_notes_interactions_idx";
--> statement-breakpoint
CREATE INDEX "red_notes_interactions_idx" ON "red_notes" ("interactions", "published_at");
--> statement-breakpoint
-- What a configured model (providers.tasks.red) found in a note, once per note: {model,
-- sentiment, aspects, scenes}, or {model, failed} after a reply that could not be read; null
-- until asked.
ALTER TABLE "red_notes" ADD COLUMN "model_analysis" jsonb;
--> statement-breakpoint
INSERT INTO "settings" ("key", "value") SELECT 'red.daily_aggregates', '1' WHERE NOT EXISTS (SELECT 1 FROM "red_notes")
ON CONFLICT ("key") DO NOTHING;
