import { ModuleType, type ChatModule } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, type ChatMessageRow, type ConversationRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import { rowFromJson } from '../../lib/json-row';
import { rows } from '../../lib/sql-rows';
import type { ChatTurn } from '../../services/llm';
import { storedRowsOf, type StoredTurnJson } from './ask-statement';

/** What regenerating needs; the quota's limit and window were resolved by the caller. */
export interface RegenerateStatementInput {
  userId: number;
  module: ChatModule;
  /** Null: unlimited. */
  limit: number | null;
  since: Date;
  convId: string | undefined;
  /**
   * The conversation's last question, as the caller checked it, with the title it gives a
   * conversation whose title was made up. Without it nothing is stored: the question comes back.
   */
  confirmed?: { questionId: string; title: string };
  modelType: number;
  temperature: number;
  lang?: 0 | 1;
  enableMix?: boolean;
  historyRows: number;
}

export type RegenerateRefusal = 'quota' | 'no_conversation' | 'gone' | 'no_question';

export type RegenerateStatementResult =
  | { refused: RegenerateRefusal }
  /** The last question, to be checked and named: `confirmed` was missing, or named another. */
  | { refused: 'unconfirmed'; question: ChatMessageRow }
  | {
      refused?: undefined;
      conversation: ConversationRow;
      question: ChatMessageRow;
      answer: ChatMessageRow;
      /** The question gave the conversation its title (its title was made up). */
      titled: boolean;
      /** The turns up to the question. */
      history: ChatTurn[];
    };

type Returned =
  | { refused: RegenerateRefusal }
  | { refused: 'unconfirmed'; question: Record<string, unknown> }
  | (StoredTurnJson & { refused?: undefined });

/**
 * Regenerating a conversation's last answer in one round trip (database function
 * portal_chat_regenerate, whose current source is db/functions/chat-ask.sql), by the rules of a new
 * question: under the user's lock the quota is counted, the conversation's owner checked, the
 * answers after its last question replaced by one placeholder, the ask counted, the settings and
 * auto-title recorded, and the history read.
 */
export async function regenerateInOneStatement(
  db: Db,
  input: RegenerateStatementInput,
): Promise<RegenerateStatementResult> {
  const call = sql`portal_chat_regenerate(${input.userId}::integer, ${input.module}::text,
      ${ModuleType[input.module]}::integer, ${input.limit}::integer, ${input.since.toISOString()}::timestamptz,
      ${input.convId ?? null}::text, ${input.confirmed?.questionId ?? null}::text,
      ${input.confirmed?.title ?? null}::text, ${newId()}::text,
      ${input.modelType}::integer, ${input.temperature}::float8,
      ${input.lang ?? null}::integer, ${input.enableMix ?? null}::boolean, ${input.historyRows}::integer)`;
  const [row] = await rows<{ result: Returned }>(db, sql`select ${call} as result`);
  const result = row!.result;
  if (result.refused === 'unconfirmed') {
    return { refused: 'unconfirmed', question: rowFromJson(chatMessages, result.question) };
  }
  if (result.refused) return { refused: result.refused };
  return { ...storedRowsOf(result), titled: result.titled, history: result.history ?? [] };
}
