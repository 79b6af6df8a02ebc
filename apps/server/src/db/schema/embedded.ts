import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Which user queued which ComfyUI prompt. ComfyUI's history, queue, `/view` and interrupt are
 * global; the proxy (modules/embedded) answers a user only with the prompts recorded here for them.
 */
export const embeddedComfyPrompts = pgTable(
  'embedded_comfy_prompts',
  {
    promptId: text('prompt_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('embedded_comfy_prompts_user_idx').on(t.userId, t.createdAt)],
);

/** Files a user may read through ComfyUI's `/view`: outputs of their own prompts and their uploads. */
export const embeddedComfyFiles = pgTable(
  'embedded_comfy_files',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ComfyUI's folder type: output, temp or input. */
    kind: text('kind').notNull(),
    subfolder: text('subfolder').notNull().default(''),
    filename: text('filename').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.subfolder, t.filename] })],
);

/**
 * Every call of a tool's API through the portal: the per-user quota counts these rows, the
 * Stable Diffusion queue position is read from unfinished generations, the audit log names them.
 */
export const embeddedApiCalls = pgTable(
  'embedded_api_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appKey: text('app_key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** A generation (SD WebUI txt2img/img2img): waits in the portal's queue. */
    generation: boolean('generation').notNull().default(false),
    /** The tool's HTTP status; null while the call runs. */
    status: integer('status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('embedded_api_calls_user_idx').on(t.userId, t.appKey, t.createdAt),
    index('embedded_api_calls_waiting_idx')
      .on(t.appKey, t.id)
      .where(sql`${t.finishedAt} is null and ${t.generation}`),
  ],
);
export type EmbeddedApiCall = typeof embeddedApiCalls.$inferSelect;
