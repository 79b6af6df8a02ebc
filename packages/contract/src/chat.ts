import { z } from 'zod';
import {
  chatMessageSchema,
  citationSchema,
  messageStatusSchema,
  type ChatMessage,
  type MessageStatus,
} from './chat-responses';
import { CHAT_MESSAGE_APIS, CHAT_MODULES, type ChatMessageApi, type ChatModule } from './constants';

// The response schemas the browser checks live apart, in zod/mini.
export * from './chat-responses';

/** The three chat apps (chatgpt, deepseek, metaso) and their API path segment. */
export const chatModuleSchema = z.enum(CHAT_MODULES as [ChatModule, ...ChatModule[]]);
/** Every prefix that serves chat message calls (`/api/{api}/message/…`). */
export const chatMessageApiSchema = z.enum(CHAT_MESSAGE_APIS as [ChatMessageApi, ...ChatMessageApi[]]);

/** Hard ceiling on a prompt's size at the edge; the configured limit is usually lower. */
export const CHAT_PROMPT_HARD_MAX_CHARS = 100_000;

const convIdSchema = z.string().trim().min(1).max(64);
const messageIdSchema = z.string().trim().min(1).max(64);
const langSchema = z.union([z.literal(0), z.literal(1)]);

export const CONVERSATION_PAGE_SIZE_DEFAULT = 50;
export const CONVERSATION_PAGE_SIZE_MAX = 200;

/**
 * `GET /api/{module}/conversation/list`: the newest conversations first, one page at a time. A
 * client that knows nothing of paging gets the first page; `cursor` is the `next_cursor` of the
 * page before.
 */
export const conversationListQuerySchema = z.object({
  model_type: z.coerce.number().int().optional(),
  cursor: z.string().trim().min(1).max(200).optional(),
  page_size: z.coerce.number().int().min(1).max(CONVERSATION_PAGE_SIZE_MAX).default(CONVERSATION_PAGE_SIZE_DEFAULT),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;

/** `POST /api/{module}/conversation/create` → the new conversation. */
export const conversationCreateRequestSchema = z.object({
  title: z.string().trim().max(100).optional(),
  model_type: z.number().int().optional(),
  temperature: z.number().optional(),
  lang: langSchema.optional(),
  enableMix: z.boolean().optional(),
});
export type ConversationCreateRequest = z.infer<typeof conversationCreateRequestSchema>;

/** `POST /api/{module}/conversation/update` */
export const conversationUpdateRequestSchema = z.object({
  conv_id: convIdSchema,
  title: z.string().trim().min(1).max(100),
  type: z.number().int(),
});
export type ConversationUpdateRequest = z.infer<typeof conversationUpdateRequestSchema>;

/** `POST /api/{module}/conversation/delete` */
export const conversationDeleteRequestSchema = z.object({ conv_id: convIdSchema, type: z.number().int() });
export type ConversationDeleteRequest = z.infer<typeof conversationDeleteRequestSchema>;

export const MESSAGE_PAGE_SIZE_DEFAULT = 50;
export const MESSAGE_PAGE_SIZE_MAX = 200;

/**
 * `GET /api/{module}/message/list`. Page 1 holds the newest `page_size` messages, page 2 the ones
 * before them, and so on; each page lists its messages oldest first.
 */
export const messageListQuerySchema = z.object({
  conv_id: convIdSchema,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MESSAGE_PAGE_SIZE_MAX).default(MESSAGE_PAGE_SIZE_DEFAULT),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

/**
 * `POST /api/{module}/message/askStream` body. Without `conv_id` a conversation is created.
 * `regenerate` replaces the last answer of the conversation instead of appending a new turn.
 */
export const askStreamRequestSchema = z.object({
  conv_id: convIdSchema.optional(),
  prompt: z.string().trim().min(1).max(CHAT_PROMPT_HARD_MAX_CHARS),
  model_type: z.number().int(),
  temperature: z.number(),
  lang: langSchema.optional(),
  enableMix: z.boolean().optional(),
  regenerate: z.boolean().optional(),
});
export type AskStreamRequest = z.infer<typeof askStreamRequestSchema>;

export const CHAT_STREAM_EVENTS = { message: 'message', finish: 'finish', error: 'error' } as const;
export type ChatStreamEventName = keyof typeof CHAT_STREAM_EVENTS;

/**
 * `message` event: an increment of the answer. `text` and `reasoning` are appended to what came
 * before; `citations` arrive once, before the first text of a metaso answer.
 */
export const chatStreamMessageSchema = z.object({
  conv_id: convIdSchema,
  message_id: messageIdSchema,
  text: z.string(),
  reasoning: z.string().optional(),
  citations: z.array(citationSchema).optional(),
});
export type ChatStreamMessage = z.infer<typeof chatStreamMessageSchema>;

export const tokenUsageSchema = z.object({
  prompt_tokens: z.number().int().nonnegative(),
  completion_tokens: z.number().int().nonnegative(),
  total_tokens: z.number().int().nonnegative(),
});
export type TokenUsage = z.infer<typeof tokenUsageSchema>;

/** `finish` event: the answer is complete and stored. */
export const chatStreamFinishSchema = z.object({
  conv_id: convIdSchema,
  message_id: messageIdSchema,
  user_message_id: messageIdSchema.optional(),
  /** Set when the conversation got a (new) title from this turn. */
  title: z.string().optional(),
  status: messageStatusSchema,
  finish_reason: z.string().optional(),
  usage: tokenUsageSchema.optional(),
});
export type ChatStreamFinish = z.infer<typeof chatStreamFinishSchema>;

/** `error` event: the stream stops; a partial answer is kept as incomplete. */
export const chatStreamErrorSchema = z.object({
  message: z.string(),
  code: z.number().int().optional(),
  conv_id: convIdSchema.optional(),
  message_id: messageIdSchema.optional(),
});
export type ChatStreamError = z.infer<typeof chatStreamErrorSchema>;

export const FEEDBACK_ACTIONS = ['like', 'unlike', 'dislike', 'undislike', 'copy'] as const;
export type FeedbackAction = (typeof FEEDBACK_ACTIONS)[number];

/** `POST /api/feedback/{like|unlike|dislike|undislike|copy}`; `type` is the module type number. */
export const feedbackRequestSchema = z.object({
  message_id: messageIdSchema,
  type: z.number().int(),
  conv_id: convIdSchema.optional(),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

/** `GET /api/{module}/message/completion` → the stored message. */
export const messageCompletionQuerySchema = z.object({ message_id: messageIdSchema });

/*
 * Asynchronous answers. The ask call stores the question and returns the ids at once; the answer
 * is generated on the server whether or not anyone is connected, and the browser polls the
 * completion call (every DEFAULT_POLL_INTERVAL_MS) until the status is final. Chat uses
 * `POST /api/ernie/message/ask` and `GET /api/ernie/message/completion`; session modules use the
 * same shapes for `prompt/asyncAsk` and `prompt/getCompletion`.
 */

/** `POST /api/ernie/message/ask` body: the same as askStream. */
export const asyncAskRequestSchema = askStreamRequestSchema;
export type AsyncAskRequest = AskStreamRequest;

/** Query of a completion poll. */
export const answerCompletionQuerySchema = messageCompletionQuerySchema;
export type AnswerCompletionQuery = z.infer<typeof answerCompletionQuerySchema>;
/**
 * Answer of a completion poll: the answer so far (content, reasoning, citations) and its status;
 * `generating` means poll again, anything else is final.
 */
export const answerCompletionResponseSchema = chatMessageSchema;
export type AnswerCompletion = ChatMessage;

/**
 * `POST /api/{module}/message/stop`: aborts an answer that is still generating, on whichever
 * server generates it; answers the message as it stands (already final answers are unchanged).
 */
export const answerStopRequestSchema = z.object({ message_id: messageIdSchema });

/**
 * `POST /api/{api}/message/truncate {conv_id, message_id}` → `{removed}`: removes a question and
 * every message after it, before the question is asked again as edited. Refused while an answer of
 * the conversation is being written.
 */
export const chatTruncateRequestSchema = z.object({ conv_id: convIdSchema, message_id: messageIdSchema });
export type ChatTruncateRequest = z.infer<typeof chatTruncateRequestSchema>;
export const chatTruncateResponseSchema = z.object({ removed: z.number().int().nonnegative() });
export type AnswerStopRequest = z.infer<typeof answerStopRequestSchema>;
export const answerStopResponseSchema = chatMessageSchema;

/** True for the statuses after which a poll stops. */
export function isFinalMessageStatus(status: MessageStatus): boolean {
  return status !== 'generating';
}

/** `GET /api/image/proxy?url=`: a public http(s) image fetched by the server. */
export const imageProxyQuerySchema = z.object({ url: z.string().trim().min(1).max(4096) });

export function isChatModule(value: string): value is ChatModule {
  return (CHAT_MODULES as readonly string[]).includes(value);
}
