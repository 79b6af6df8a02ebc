import * as z from 'zod/mini';

/*
 * The chat responses the browser checks, written with zod/mini: the browser evaluates these very
 * schemas in the chat chunk for about 7 KB gzip, where classic zod costs about 25 KB. The server
 * uses them like any other schema (`.parse`, `.safeParse`, composing them into classic schemas).
 */

const idSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

/** A numbered web source of a metaso answer; `url` has no trailing slash (section 5). */
export const citationSchema = z.object({
  index: z.int().check(z.positive()),
  title: z.string(),
  url: z.string(),
  snippet: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

export const MESSAGE_STATUSES = ['done', 'aborted', 'incomplete', 'generating'] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const MESSAGE_ROLES = ['user', 'assistant'] as const;
export const messageRoleSchema = z.enum(MESSAGE_ROLES);
export type MessageRole = z.infer<typeof messageRoleSchema>;

export const FEEDBACK_VALUES = ['like', 'dislike'] as const;
export const feedbackValueSchema = z.enum(FEEDBACK_VALUES);

/** A conversation of section 3. `type` is the module type number (chatgpt 2, deepseek 10, metaso 11). */
export const conversationSchema = z.object({
  conv_id: idSchema,
  title: z.string(),
  type: z.int(),
  model_type: z.int(),
  last_prompt_temperature: z.number(),
  /** Metaso only: 0 回复中文, 1 回复英文. */
  lang: z.optional(z.union([z.literal(0), z.literal(1)])),
  /** Metaso only: true 全网及文献, false 全网（不含文献）. */
  enableMix: z.optional(z.boolean()),
  /** Epoch milliseconds. */
  create_time: z.optional(z.int()),
  update_time: z.optional(z.int()),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** One stored message of a conversation. */
export const chatMessageSchema = z.object({
  message_id: idSchema,
  conv_id: idSchema,
  role: messageRoleSchema,
  content: z.string(),
  reasoning: z.optional(z.string()),
  citations: z.optional(z.array(citationSchema)),
  status: messageStatusSchema,
  model_type: z.optional(z.int()),
  temperature: z.optional(z.number()),
  feedback: z.optional(z.nullable(feedbackValueSchema)),
  /** Epoch milliseconds. */
  create_time: z.int(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** `has_more` and `next_cursor` are ours, beside the spec's `conv_list`: absent means one page holds all. */
export const conversationListResponseSchema = z.object({
  conv_list: z.array(conversationSchema),
  has_more: z.optional(z.boolean()),
  next_cursor: z.optional(z.string()),
});
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;

export const messageListResponseSchema = z.object({
  list: z.array(chatMessageSchema),
  page: z.optional(z.int()),
  page_size: z.optional(z.int()),
  total: z.optional(z.int()),
  /** Older messages exist on the next page. */
  has_more: z.optional(z.boolean()),
});
export type MessageListResponse = z.infer<typeof messageListResponseSchema>;

/** A model selector entry; `demo` marks the built-in demo model used when none is configured. */
export const chatModelEntrySchema = z.object({ id: z.int(), label: z.string(), demo: z.boolean() });
export type ChatModelEntry = z.infer<typeof chatModelEntrySchema>;

/** `GET /api/{module}/models`: the model selector; `demo` entries are the built-in demo model. */
export const chatModelsResponseSchema = z.object({ list: z.array(chatModelEntrySchema) });
export type ChatModelsResponse = z.infer<typeof chatModelsResponseSchema>;

/** One ask counted in the current usage window. */
export const usageRecordSchema = z.object({ conv_id: idSchema, message_id: idSchema, create_time: z.int() });

const countSchema = z.int().check(z.nonnegative());

/** `GET /api/{module}/promptQueue/list`: remaining asks; recovery duration in seconds. */
export const usageStatusSchema = z.object({
  total_cnt: countSchema,
  rest_usage_cnt: countSchema,
  rest_recovery_duration: countSchema,
  list: z.array(usageRecordSchema),
  /** True when a quota rule makes the module unlimited for this user; the counts then mean nothing. */
  unlimited: z.optional(z.boolean()),
});
export type UsageStatus = z.infer<typeof usageStatusSchema>;

/** Answer of every `/api/feedback/*` call: the caller's feedback on the message after the action. */
export const feedbackStateSchema = z.object({
  message_id: idSchema,
  feedback: z.nullable(feedbackValueSchema),
  copy_count: countSchema,
});
export type FeedbackState = z.infer<typeof feedbackStateSchema>;

/** Answer of an asynchronous ask: where to poll. `title` is set when the conversation got one. */
export const asyncAskResponseSchema = z.object({
  conv_id: idSchema,
  message_id: idSchema,
  user_message_id: idSchema,
  title: z.optional(z.string()),
});
export type AsyncAskResponse = z.infer<typeof asyncAskResponseSchema>;
