import { ModuleType, type ChatModule } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages, conversations, type ChatMessageRow, type ConversationRow } from '../../db/schema';
import { rowFromJson } from '../../lib/json-row';
import { rows } from '../../lib/sql-rows';
import type { ChatTurn } from '../../services/llm';
import { newId } from './ids';

/** What a new question needs stored; the quota's limit and window were resolved by the caller. */
export interface AskStatementInput {
  userId: number;
  module: ChatModule;
  /** Null: unlimited. */
  limit: number | null;
  since: Date;
  /** Undefined: a new conversation. */
  convId?: string;
  /** The title a new conversation gets, or an existing one whose title was made up. */
  title: string;
  prompt: string;
  modelType: number;
  temperature: number;
  lang?: 0 | 1;
  enableMix?: boolean;
  historyRows: number;
}

export type AskStatementResult =
  | { refused: 'quota' | 'gone' }
  | {
      refused?: undefined;
      conversation: ConversationRow;
      question: ChatMessageRow;
      answer: ChatMessageRow;
      /** The prompt gave the conversation its title (a new one, or one whose title was made up). */
      titled: boolean;
      /** An existing conversation's turns up to the question; undefined for a new one. */
      history?: ChatTurn[];
    };

interface Returned {
  refused?: 'quota' | 'gone';
  conversation: Record<string, unknown>;
  question: Record<string, unknown>;
  answer: Record<string, unknown>;
  titled: boolean;
  history: ChatTurn[] | null;
}

/**
 * The whole prepare step of a new question in one round trip (database function portal_chat_ask,
 * migration 0003): wait for this user's other asks in the module, count the window against the
 * limit, create or update the conversation (ownership checked), store the question with its empty
 * answer, count the ask, and read the history — one transaction, before any model call.
 */
export async function askInOneStatement(db: Db, input: AskStatementInput): Promise<AskStatementResult> {
  const [row] = await rows<{ result: Returned }>(
    db,
    sql`select portal_chat_ask(
      ${input.userId}::integer, ${input.module}::text, ${ModuleType[input.module]}::integer,
      ${input.limit}::integer, ${input.since.toISOString()}::timestamptz,
      ${input.convId ?? null}::text, ${newId()}::text, ${input.title}::text,
      ${newId()}::text, ${newId()}::text, ${input.prompt}::text,
      ${input.modelType}::integer, ${input.temperature}::float8,
      ${input.lang ?? null}::integer, ${input.enableMix ?? null}::boolean, ${input.historyRows}::integer
    ) as result`,
  );
  const result = row!.result;
  if (result.refused) return { refused: result.refused };
  return {
    conversation: rowFromJson(conversations, result.conversation),
    question: rowFromJson(chatMessages, result.question),
    answer: rowFromJson(chatMessages, result.answer),
    titled: result.titled,
    history: result.history ?? undefined,
  };
}
