import {
  asyncAskResponseSchema,
  chatMessageSchema,
  chatModelsResponseSchema,
  conversationListResponseSchema,
  conversationSchema,
  feedbackStateSchema,
  messageListResponseSchema,
  usageStatusSchema,
  type ChatModelEntry,
} from '@portal/contract';
import type { Parser } from '../../../lib/parsers';

/*
 * The chat responses are checked with the contract's own schemas. They are written with zod/mini,
 * which a chunk of its own can afford (about 7 KB gzip, loaded by load-parsers.ts with the first
 * call that needs it); the first screen keeps its hand-written checks (lib/parsers.ts), because it
 * is over its budget already. The welcome screen's calls (conversation list, models, usage) check
 * with these; a conversation's calls go through the descriptors (load-endpoints.ts), whose replies
 * are checked with the same schemas.
 */

export const conversationParser = conversationSchema;
export const chatMessageParser = chatMessageSchema;
export const conversationListParser = conversationListResponseSchema;
export const messageListParser = messageListResponseSchema;
export const usageStatusParser = usageStatusSchema;
export const feedbackStateParser = feedbackStateSchema;
export const asyncAskResponseParser = asyncAskResponseSchema;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The entries as a bare array or wrapped in `{list}`. */
export const modelListParser: Parser<ChatModelEntry[]> = {
  safeParse(data) {
    const result = chatModelsResponseSchema.safeParse(isObject(data) && 'list' in data ? data : { list: data });
    return result.success ? { success: true, data: result.data.list } : { success: false, error: result.error };
  },
};
