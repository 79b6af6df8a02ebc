import { boolean, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const conversations = pgTable(
  'conversations',
  {
    /** The public conv_id. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Chat module name (chatgpt, deepseek, metaso). */
    module: text('module').notNull(),
    /** Module type number of section 3. */
    type: integer('type').notNull(),
    title: text('title').notNull(),
    /** The title was made up; the first question replaces it. */
    autoTitle: boolean('auto_title').notNull().default(true),
    modelType: integer('model_type').notNull(),
    lastPromptTemperature: doublePrecision('last_prompt_temperature').notNull(),
    lang: integer('lang'),
    enableMix: boolean('enable_mix'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversations_user_module_updated_idx').on(t.userId, t.module, t.updatedAt)],
);
export type ConversationRow = typeof conversations.$inferSelect;
export type NewConversationRow = typeof conversations.$inferInsert;
