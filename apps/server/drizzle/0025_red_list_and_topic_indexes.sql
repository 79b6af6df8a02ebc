-- 社媒洞察 (red): a page of a category's or a brand's notes, and the 30-day topic ranking, at a
-- million notes. The note list walks the notes in its own order (newest, or most interacted, then
-- by id) and checks each note's mention, stopping after the page: both orders get an index that
-- ends with the id, so the walk needs no sort; the interactions index keeps the date, which the
-- walk and the interaction-bucket reads filter on. Topic heat sums a day's topics from a daily
-- aggregate per scope ((0, 0) every note, (project, 0) a category's notes, each once, (project,
-- brand) a brand's), China day and note sentiment, counted with the others (the `red.aggregates`
-- job counts the stored notes once, its version raised); only the window's partial first and last
-- days are read from the topic rows, whose date index now carries the summed columns.
DROP INDEX IF EXISTS "red_notes_published_idx";
--> statement-breakpoint
CREATE INDEX "red_notes_published_idx" ON "red_notes" ("published_at", "id");
--> statement-breakpoint
DROP INDEX IF EXISTS "red_notes_interactions_idx";
--> statement-breakpoint
CREATE INDEX "red_notes_interactions_idx" ON "red_notes" ("interactions", "id", "published_at");
--> statement-breakpoint
DROP INDEX IF EXISTS "red_note_topics_published_idx";
--> statement-breakpoint
CREATE INDEX "red_note_topics_published_idx" ON "red_note_topics" ("published_at", "topic") INCLUDE ("interactions", "weighted");
--> statement-breakpoint
CREATE TABLE "red_daily_topics" (
  "project_id" integer NOT NULL,
  "brand_id" integer NOT NULL,
  "day" text NOT NULL,
  "sentiment" text NOT NULL,
  "topic" text NOT NULL,
  "notes" integer NOT NULL,
  "interactions" bigint NOT NULL,
  "weighted" bigint NOT NULL,
  PRIMARY KEY ("project_id", "brand_id", "day", "sentiment", "topic")
) WITH (fillfactor = 70);
