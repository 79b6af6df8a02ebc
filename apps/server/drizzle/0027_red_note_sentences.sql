-- 社媒洞察 (red): the sentence list at a million notes. Its daily cells (red_daily_sentences) say
-- which (strength, day) a page falls in; each cell's sentences were then found by reading the
-- whole day of notes (tens of thousands of rows with their JSON) and expanding every note's
-- sentences: 150–350 ms a page for a category. Each opinion sentence is now also a narrow row of
-- its own (polarity, strength in hundredths as the cells count it, date, note, 1-based position
-- in the note's sentences, note sentiment), and the read index walks one cell's sentences in the
-- list's order (newest first, then note, then position) and stops after the page. Kept with the
-- aggregates (countNotes adds and takes out a batch's rows; the `red.aggregates` job recounts
-- them); filled here once from the stored notes.
CREATE TABLE "red_note_sentences" (
  "note_pk" integer NOT NULL,
  "position" integer NOT NULL,
  "published_at" timestamp with time zone NOT NULL,
  "polarity" text NOT NULL,
  "score" integer NOT NULL,
  "sentiment" text NOT NULL
);
--> statement-breakpoint
INSERT INTO "red_note_sentences" ("note_pk", "position", "published_at", "polarity", "score", "sentiment")
SELECT n.id, s.i, n.published_at, s.sentence->>'polarity', round(abs((s.sentence->>'score')::numeric) * 100)::int, n.sentiment
FROM "red_notes" n CROSS JOIN LATERAL jsonb_array_elements(n.sentences) WITH ORDINALITY s(sentence, i)
WHERE s.sentence->>'polarity' IN ('positive', 'negative');
--> statement-breakpoint
ALTER TABLE "red_note_sentences" ADD PRIMARY KEY ("note_pk", "position");
--> statement-breakpoint
CREATE INDEX "red_note_sentences_cell_idx" ON "red_note_sentences" ("polarity", "score", "published_at" DESC, "note_pk", "position") INCLUDE ("sentiment");
