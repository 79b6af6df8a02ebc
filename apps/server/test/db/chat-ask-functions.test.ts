import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { rows } from '../../src/lib/sql-rows';
import { migratedTestDatabase } from '../helper';

const file = readFileSync(join(import.meta.dirname, '../../src/db/functions/chat-ask.sql'), 'utf8');
const statements = file.split('--> statement-breakpoint');
const names = [...new Set([...file.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\(/g)].map((m) => m[1]!))];

const database = migratedTestDatabase();

/** Every overload of the file's functions, by signature, as the database prints its definition. */
async function definitions(db: Pick<Db, 'execute'>): Promise<Record<string, string>> {
  const found = await rows<{ signature: string; definition: string }>(
    db,
    sql`SELECT p.oid::regprocedure::text AS signature, pg_get_functiondef(p.oid) AS definition
        FROM pg_proc p WHERE p.proname IN (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})`,
  );
  // Line ends and trailing spaces are the only liberty taken with the printed text.
  return Object.fromEntries(found.map((r) => [r.signature, r.definition.replace(/[ \t]+$/gm, '').trimEnd()]));
}

class RolledBack extends Error {}

describe('db/functions/chat-ask.sql', () => {
  it('holds the chat ask functions exactly as the migrations left them in the database', async () => {
    expect(names).toEqual([
      'portal_chat_used',
      'portal_chat_admit',
      'portal_chat_conversation',
      'portal_chat_record_ask',
      'portal_chat_history',
      'portal_chat_turns_digest',
      'portal_chat_ask',
      'portal_chat_ask_owned',
      'portal_chat_regenerate',
    ]);
    const migrated = await definitions(database.db);
    // The two overloads of portal_chat_ask_owned (without and with a digest) and the others.
    expect(Object.keys(migrated)).toHaveLength(10);
    let fromFile: Record<string, string> | undefined;
    // Defined again from the file in a transaction that is rolled back: an overload the file
    // declares otherwise than the migrations appears beside theirs, a body that differs replaces
    // theirs; either way the definitions differ.
    await database.db
      .transaction(async (tx) => {
        for (const statement of statements) await tx.execute(sql.raw(statement));
        fromFile = await definitions(tx);
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(fromFile).toEqual(migrated);
    expect(await definitions(database.db)).toEqual(migrated);
  });
});
