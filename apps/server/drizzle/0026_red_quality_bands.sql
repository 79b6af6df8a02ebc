-- 社媒洞察 (red): the high-performing-note query at a million notes. A category's month was read
-- from every interaction bucket of red_daily_quality (17,600 rows of 35 sums) and of
-- red_daily_quality_topics (53,000 rows). Now the same sums are also kept per band of 16 buckets
-- (a power of two of interactions; interaction-buckets.ts): the bands place the 90th percentile
-- in one band and give the sums of every other band, and only that band's buckets are read from
-- the bucket tables. Those reads now lead with the bucket, so the index reaches the band's rows
-- without passing the month's other buckets. The `red.aggregates` job counts the stored notes once
-- (AGGREGATES_VERSION raised); until then the queries read the notes.
CREATE TABLE "red_daily_quality_bands" (
  "project_id" integer NOT NULL,
  "brand_id" integer NOT NULL,
  "day" text NOT NULL,
  "sentiment" text NOT NULL,
  "band" integer NOT NULL,
  "notes" integer NOT NULL,
  "title_length" bigint NOT NULL,
  "content_length" bigint NOT NULL,
  "image_count" bigint NOT NULL,
  "patterns" integer[] NOT NULL,
  "hours" integer[] NOT NULL,
  PRIMARY KEY ("project_id", "brand_id", "day", "sentiment", "band")
) WITH (fillfactor = 70);
--> statement-breakpoint
CREATE TABLE "red_daily_quality_band_topics" (
  "project_id" integer NOT NULL,
  "brand_id" integer NOT NULL,
  "day" text NOT NULL,
  "sentiment" text NOT NULL,
  "band" integer NOT NULL,
  "topic" text NOT NULL,
  "notes" integer NOT NULL,
  PRIMARY KEY ("project_id", "brand_id", "day", "sentiment", "band", "topic")
) WITH (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "red_daily_quality" DROP CONSTRAINT "red_daily_quality_pkey";
--> statement-breakpoint
ALTER TABLE "red_daily_quality" ADD PRIMARY KEY ("project_id", "brand_id", "bucket", "day", "sentiment");
--> statement-breakpoint
ALTER TABLE "red_daily_quality_topics" DROP CONSTRAINT "red_daily_quality_topics_pkey";
--> statement-breakpoint
ALTER TABLE "red_daily_quality_topics" ADD PRIMARY KEY ("project_id", "brand_id", "bucket", "day", "sentiment", "topic");
