import type { RedModelAnalysis, RedSentence } from '@portal/contract';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** 社媒洞察 categories (projects): the dictionary brands and products are matched from. */
export const redProjects = pgTable('red_projects', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Generated with the sample notes on a fresh install (示例数据). */
  isSample: boolean('is_sample').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const redBrands = pgTable(
  'red_brands',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => redProjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('red_brands_project_name_idx').on(t.projectId, t.name)],
);

export const redProducts = pgTable(
  'red_products',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => redBrands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('red_products_brand_name_idx').on(t.brandId, t.name)],
);

/** One note from a source, with what the offline analysis found in it at import. */
export const redNotes = pgTable(
  'red_notes',
  {
    id: serial('id').primaryKey(),
    /** The source's note id; a second import of it is a duplicate. */
    noteId: text('note_id').notNull().unique(),
    source: text('source').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    author: text('author').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    likes: integer('likes').notNull(),
    collects: integer('collects').notNull(),
    comments: integer('comments').notNull(),
    shares: integer('shares').notNull(),
    /** likes + collects + comments + shares, as shown. */
    interactions: integer('interactions').notNull(),
    /** Interactions weighted by kind (RED_INTERACTION_WEIGHTS), for heat. */
    weighted: integer('weighted').notNull(),
    topics: jsonb('topics').$type<string[]>().notNull(),
    imageCount: integer('image_count').notNull(),
    link: text('link').notNull(),
    sentiment: text('sentiment').$type<'positive' | 'neutral' | 'negative'>().notNull(),
    sentimentScore: real('sentiment_score').notNull(),
    sentences: jsonb('sentences').$type<RedSentence[]>().notNull(),
    scenes: jsonb('scenes').$type<string[]>().notNull(),
    keywords: jsonb('keywords').$type<string[]>().notNull(),
    titleLength: integer('title_length').notNull(),
    contentLength: integer('content_length').notNull(),
    isSample: boolean('is_sample').notNull().default(false),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
    /** What a configured model found in the note (asked once); null until asked. */
    modelAnalysis: jsonb('model_analysis').$type<RedModelAnalysis>(),
  },
  (t) => [
    // The note list's two orders, each ending with the id (no sort after the walk); the date in
    // the interactions index filters the walk and the interaction-bucket reads.
    index('red_notes_published_idx').on(t.publishedAt, t.id),
    index('red_notes_interactions_idx').on(t.interactions, t.id, t.publishedAt),
  ],
);
export type RedNoteRow = typeof redNotes.$inferSelect;
export type NewRedNote = typeof redNotes.$inferInsert;

/** A brand a note mentions (products among it), copied with the note's date for range scans. */
export const redNoteBrands = pgTable(
  'red_note_brands',
  {
    notePk: integer('note_pk')
      .notNull()
      .references(() => redNotes.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    brandId: integer('brand_id').notNull(),
    productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.notePk, t.brandId] }),
    index('red_note_brands_project_idx').on(t.projectId, t.publishedAt, t.notePk),
    index('red_note_brands_brand_idx').on(t.brandId, t.publishedAt, t.notePk),
  ],
);

/** A topic of a note, with the note's date and weighted interactions for the ranking. */
export const redNoteTopics = pgTable(
  'red_note_topics',
  {
    notePk: integer('note_pk')
      .notNull()
      .references(() => redNotes.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    interactions: integer('interactions').notNull(),
    weighted: integer('weighted').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.notePk, t.topic] }),
    // INCLUDE (interactions, weighted) in migration 0025 (Drizzle cannot say it): a ranking
    // window's partial days are read from the index alone.
    index('red_note_topics_published_idx').on(t.publishedAt, t.topic),
    index('red_note_topics_topic_idx').on(t.topic, t.publishedAt),
  ],
);

/**
 * Daily counts per scope, kept as notes are written, so volume and sentiment over a month of a
 * category stay a handful of rows at a million notes. Scope (0, 0) is every note, (project, 0) a
 * category's notes (each once), (project, brand) a brand's; days are China days.
 */
export const redDailyCounts = pgTable(
  'red_daily_counts',
  {
    projectId: integer('project_id').notNull(),
    brandId: integer('brand_id').notNull(),
    day: text('day').notNull(),
    sentiment: text('sentiment').notNull(),
    notes: integer('notes').notNull(),
    interactions: bigint('interactions', { mode: 'number' }).notNull(),
    likes: bigint('likes', { mode: 'number' }).notNull(),
    collects: bigint('collects', { mode: 'number' }).notNull(),
    comments: bigint('comments', { mode: 'number' }).notNull(),
    shares: bigint('shares', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.brandId, t.day, t.sentiment] })],
);

/**
 * The scene insight's daily aggregates, per scope (as red_daily_counts) and note sentiment:
 * notes per scene, and notes per keyword.
 */
export const redDailyScenes = pgTable(
  'red_daily_scenes',
  {
    projectId: integer('project_id').notNull(),
    brandId: integer('brand_id').notNull(),
    day: text('day').notNull(),
    sentiment: text('sentiment').notNull(),
    scene: text('scene').notNull(),
    notes: integer('notes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.brandId, t.day, t.sentiment, t.scene] })],
);

export const redDailyKeywords = pgTable(
  'red_daily_keywords',
  {
    projectId: integer('project_id').notNull(),
    brandId: integer('brand_id').notNull(),
    day: text('day').notNull(),
    sentiment: text('sentiment').notNull(),
    word: text('word').notNull(),
    notes: integer('notes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.brandId, t.day, t.sentiment, t.word] })],
);

/**
 * Opinion sentences per scope, day, note sentiment, sentence polarity and absolute score (in
 * hundredths): the sentence list's total, and which days hold a page of the strongest sentences.
 */
export const redDailySentences = pgTable(
  'red_daily_sentences',
  {
    projectId: integer('project_id').notNull(),
    brandId: integer('brand_id').notNull(),
    day: text('day').notNull(),
    sentiment: text('sentiment').notNull(),
    polarity: text('polarity').notNull(),
    score: integer('score').notNull(),
    sentences: integer('sentences').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.brandId, t.day, t.sentiment, t.polarity, t.score] })],
);

/**
 * Each opinion sentence of a note as a narrow row: the sentence list reads one cell (polarity,
 * strength in hundredths, day) in its order through the cell index (which also carries the note
 * sentiment, INCLUDE in the migration) and stops after the page, instead of every note of the day.
 * `position` is the sentence's 1-based place in the note's sentences.
 */
export const redNoteSentences = pgTable(
  'red_note_sentences',
  {
    notePk: integer('note_pk').notNull(),
    position: integer('position').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    polarity: text('polarity').notNull(),
    score: integer('score').notNull(),
    sentiment: text('sentiment').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.notePk, t.position] }),
    index('red_note_sentences_cell_idx').on(t.polarity, t.score, t.publishedAt.desc(), t.notePk, t.position),
  ],
);

/** The high-performing-note sums both grains keep (per interaction bucket and per band). */
const qualitySums = () => ({
  notes: integer('notes').notNull(),
  titleLength: bigint('title_length', { mode: 'number' }).notNull(),
  contentLength: bigint('content_length', { mode: 'number' }).notNull(),
  imageCount: bigint('image_count', { mode: 'number' }).notNull(),
  patterns: integer('patterns').array().notNull(),
  hours: integer('hours').array().notNull(),
});

/**
 * What the high-performing-note analysis sums, per scope, day, note sentiment and interaction
 * bucket (interaction-buckets.ts): notes, title/content length and images summed, notes per title
 * pattern (in TITLE_PATTERNS order) and per China hour (0–23).
 */
export const redDailyQuality = pgTable(
  'red_daily_quality',
  {
    projectId: integer('project_id').notNull(),
    brandId: integer('brand_id').notNull(),
    day: text('day').notNull(),
    sentiment: text('sentiment').notNull(),
    bucket: integer('bucket').notNull(),
    ...qualitySums(),
  },
  // Bucket before day: the high-performing-note query reads one band's buckets of a date range.
  (t) => [primaryKey({ columns: [t.projectId, t.brandId, t.bucket, t.day, t.sentiment] })],
);

/** Notes per topic and interaction bucket, for the topics high-performing notes share. */
export const redDailyQualityTopics = pgTable(
  'red_daily_quality_topics',
  {
    projectId: integer('project_id').notNull(),
    brandId: integer('brand_id').notNull(),
    day: text('day').notNull(),
    sentiment: text('sentiment').notNull(),
    bucket: integer('bucket').notNull(),
    topic: text('topic').notNull(),
    notes: integer('notes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.brandId, t.bucket, t.day, t.sentiment, t.topic] })],
);

/**
 * red_daily_quality's sums per band of 16 interaction buckets (bandOf in interaction-buckets.ts):
 * a month of a category in a few hundred rows; only the 90th percentile's band is read by bucket.
 */
export const redDailyQualityBands = pgTable(
  'red_daily_quality_bands',
  {
    projectId: integer('project_id').notNull(),
    brandId: integer('brand_id').notNull(),
    day: text('day').notNull(),
    sentiment: text('sentiment').notNull(),
    band: integer('band').notNull(),
    ...qualitySums(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.brandId, t.day, t.sentiment, t.band] })],
);

/** red_daily_quality_topics per band of 16 interaction buckets. */
export const redDailyQualityBandTopics = pgTable(
  'red_daily_quality_band_topics',
  {
    projectId: integer('project_id').notNull(),
    brandId: integer('brand_id').notNull(),
    day: text('day').notNull(),
    sentiment: text('sentiment').notNull(),
    band: integer('band').notNull(),
    topic: text('topic').notNull(),
    notes: integer('notes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.brandId, t.day, t.sentiment, t.band, t.topic] })],
);

/**
 * Notes, interactions and weighted interactions per topic, per scope (as red_daily_counts), China
 * day and note sentiment: the topic ranking's whole days.
 */
export const redDailyTopics = pgTable(
  'red_daily_topics',
  {
    projectId: integer('project_id').notNull(),
    brandId: integer('brand_id').notNull(),
    day: text('day').notNull(),
    sentiment: text('sentiment').notNull(),
    topic: text('topic').notNull(),
    notes: integer('notes').notNull(),
    interactions: bigint('interactions', { mode: 'number' }).notNull(),
    weighted: bigint('weighted', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.brandId, t.day, t.sentiment, t.topic] })],
);

/** When a topic was first seen (its earliest note), for the newest tab. */
export const redTopics = pgTable('red_topics', {
  topic: text('topic').primaryKey(),
  firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
});

export const redProjectSubscriptions = pgTable(
  'red_project_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => redProjects.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

export const redBrandSubscriptions = pgTable(
  'red_brand_subscriptions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => redBrands.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.brandId] })],
);

export const redCollections = pgTable(
  'red_collections',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notePk: integer('note_pk')
      .notNull()
      .references(() => redNotes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notePk] }), index('red_collections_user_idx').on(t.userId, t.createdAt)],
);

/** An import of a file: its progress, counted as the durable job reads it. */
export const redImports = pgTable('red_imports', {
  /** The public job_id. */
  id: text('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  source: text('source').notNull(),
  fileName: text('file_name').notNull(),
  format: text('format').$type<'csv' | 'jsonl' | 'xlsx'>().notNull(),
  objectKey: text('object_key').notNull(),
  status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
  /** Data rows the file holds, counted before reading (null for workbooks, known when done). */
  expected: integer('expected'),
  total: integer('total').notNull().default(0),
  imported: integer('imported').notNull().default(0),
  duplicates: integer('duplicates').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  message: text('message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
export type RedImportRow = typeof redImports.$inferSelect;

export const redImportErrors = pgTable(
  'red_import_errors',
  {
    id: serial('id').primaryKey(),
    importId: text('import_id')
      .notNull()
      .references(() => redImports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('red_import_errors_import_idx').on(t.importId, t.row)],
);
