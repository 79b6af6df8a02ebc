import type { BrainstormMethod, SessionModule } from '@portal/contract';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Sessions of the session tools (brainstorm, insight, pdf): a thread with its own files. */
export const toolSessions = pgTable(
  'tool_sessions',
  {
    /** The public session_id. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    module: text('module').$type<SessionModule>().notNull(),
    /** Module type number of section 3. */
    type: integer('type').notNull(),
    name: text('name').notNull(),
    /** The name was made up; the first question replaces it. */
    autoName: boolean('auto_name').notNull().default(true),
    topic: text('topic').notNull().default(''),
    method: text('method').$type<BrainstormMethod>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tool_sessions_user_module_updated_idx').on(t.userId, t.module, t.updatedAt)],
);
export type ToolSessionRow = typeof toolSessions.$inferSelect;
export type NewToolSessionRow = typeof toolSessions.$inferInsert;
