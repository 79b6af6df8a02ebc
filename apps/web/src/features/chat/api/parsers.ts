import type {
  AsyncAskResponse,
  ChatMessage,
  ChatModelEntry,
  Citation,
  Conversation,
  FeedbackState,
  MessageListResponse,
  UsageStatus,
} from '@portal/contract';
import type { Parser } from '../../../lib/parsers';

/*
 * Structural checks of the chat responses. They mirror the contract's zod schemas (the tests
 * compare them) so that zod stays out of the chat route's bundle.
 */

type Check<T> = (v: unknown) => v is T;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isId = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0 && v.length <= 64;
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const optional =
  (check: (v: unknown) => boolean) =>
  (v: unknown): boolean =>
    v === undefined || check(v);
const arrayOf =
  <T>(check: Check<T>) =>
  (v: unknown): v is T[] =>
    Array.isArray(v) && v.every(check);
const oneOf =
  (...values: unknown[]) =>
  (v: unknown): boolean =>
    values.includes(v);

const fields =
  <T>(shape: Record<string, (v: unknown) => boolean>): Check<T> =>
  (v): v is T =>
    isObject(v) && Object.entries(shape).every(([key, check]) => check(v[key]));

function parser<T>(check: Check<T>): Parser<T> {
  return {
    safeParse: (data) =>
      check(data) ? { success: true, data } : { success: false, error: new TypeError('unexpected response shape') },
  };
}

const isCitation = fields<Citation>({
  index: (v) => isInt(v) && v > 0,
  title: isString,
  url: isString,
  snippet: isString,
});

export const isConversation = fields<Conversation>({
  conv_id: isId,
  title: isString,
  type: isInt,
  model_type: isInt,
  last_prompt_temperature: isNumber,
  lang: optional(oneOf(0, 1)),
  enableMix: optional(isBool),
  create_time: optional(isInt),
  update_time: optional(isInt),
});

export const isChatMessage = fields<ChatMessage>({
  message_id: isId,
  conv_id: isId,
  role: oneOf('user', 'assistant'),
  content: isString,
  reasoning: optional(isString),
  citations: optional(arrayOf(isCitation)),
  status: oneOf('done', 'aborted', 'incomplete', 'generating'),
  model_type: optional(isInt),
  temperature: optional(isNumber),
  feedback: optional(oneOf(null, 'like', 'dislike')),
  create_time: isInt,
});

const isModelEntry = fields<ChatModelEntry>({ id: isInt, label: isString, demo: isBool });

export const conversationParser = parser(isConversation);
export const chatMessageParser = parser(isChatMessage);
export const asyncAskResponseParser = parser(
  fields<AsyncAskResponse>({
    conv_id: isId,
    message_id: isId,
    user_message_id: isId,
    title: optional(isString),
  }),
);
export const conversationListParser = parser(
  fields<{ conv_list: Conversation[] }>({ conv_list: arrayOf(isConversation) }),
);
export const messageListParser = parser(
  fields<MessageListResponse>({
    list: arrayOf(isChatMessage),
    page: optional(isInt),
    page_size: optional(isInt),
    total: optional(isInt),
    has_more: optional(isBool),
  }),
);
export const usageStatusParser = parser(
  fields<UsageStatus>({
    total_cnt: isCount,
    rest_usage_cnt: isCount,
    rest_recovery_duration: isCount,
    list: arrayOf(fields({ conv_id: isId, message_id: isId, create_time: isInt })),
  }),
);

/** The entries as a bare array or wrapped in `{list}`. */
export const modelListParser: Parser<ChatModelEntry[]> = {
  safeParse(data) {
    const list = isObject(data) && 'list' in data ? data.list : data;
    return arrayOf(isModelEntry)(list)
      ? { success: true, data: list }
      : { success: false, error: new TypeError('unexpected response shape') };
  },
};

export const feedbackStateParser = parser(
  fields<FeedbackState>({ message_id: isId, feedback: oneOf(null, 'like', 'dislike'), copy_count: isCount }),
);
