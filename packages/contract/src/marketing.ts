import { z } from 'zod';
import { messageRoleSchema, messageStatusSchema } from './chat-responses';
import type { FileKind } from './file-rules';
import { MARKETING_SECTION_KEYS, type MarketingSectionKey } from './marketing-frame';
import { docStatusSchema } from './sessions';

export * from './marketing-frame';

/** Longest campaign description (text and pasted copy); the frame's instructions fit beside it in one prompt. */
export const MARKETING_TEXT_MAX_CHARS = 18_000;
/** Attachments (images, PDF, Word, text) one description may carry. */
export const MARKETING_ATTACHMENTS_MAX = 5;
/**
 * What a description may carry: images are named to the model (it cannot see them); documents are
 * read by the document pipeline and their text goes into the prompt.
 */
export const MARKETING_ATTACHMENT_KINDS: readonly FileKind[] = ['image', 'pdf', 'docx', 'txt', 'md'];
export const MARKETING_TAG_MAX_CHARS = 20;
export const MARKETING_TAGS_MAX = 10;
export const MARKETING_NOTE_MAX_CHARS = 500;
export const MARKETING_COLLECT_TITLE_MAX_CHARS = 100;
export const MARKETING_COLLECT_PAGE_SIZE_DEFAULT = 10;
export const MARKETING_COLLECT_PAGE_SIZE_MAX = 50;
/** Saved cases the compare view puts side by side. */
export const MARKETING_COMPARE_MIN = 2;
export const MARKETING_COMPARE_MAX = 3;

const idSchema = z.string().trim().min(1, '不能为空').max(64, '过长');

export const marketingSectionsSchema = z.object(
  Object.fromEntries(MARKETING_SECTION_KEYS.map((k) => [k, z.string()])) as Record<MarketingSectionKey, z.ZodString>,
);

/** A file attached to a campaign description, as stored with the question. */
export const marketingAttachmentSchema = z.object({
  file_id: z.string(),
  name: z.string(),
  mime: z.string(),
  /** Signed-in download under /api/marketing. */
  url: z.string(),
});
export type MarketingAttachment = z.infer<typeof marketingAttachmentSchema>;

/** `POST /api/marketing/file/status`: the parse state of uploaded documents (images are not parsed). */
export const marketingAttachmentStatusRequestSchema = z.object({
  file_ids: z
    .array(idSchema)
    .min(1, '请指定附件')
    .max(MARKETING_ATTACHMENTS_MAX, `最多上传${MARKETING_ATTACHMENTS_MAX}个附件`),
});
export const marketingAttachmentStatusSchema = z.object({
  file_id: z.string(),
  status: docStatusSchema,
  /** Chinese reason when the parse failed. */
  reason: z.string().nullable(),
});
export type MarketingAttachmentStatus = z.infer<typeof marketingAttachmentStatusSchema>;
export const marketingAttachmentStatusResponseSchema = z.object({ list: z.array(marketingAttachmentStatusSchema) });
export type MarketingAttachmentStatusResponse = z.infer<typeof marketingAttachmentStatusResponseSchema>;

/**
 * `POST /api/marketing/message/receive` (event stream). The user describes a campaign — text,
 * pasted copy, uploaded images or PDF (file ids of `/api/marketing/file/upload`). Without
 * `conv_id` a conversation is created; with one, the description continues it.
 */
export const marketingReceiveRequestSchema = z
  .object({
    conv_id: idSchema.optional(),
    text: z.string().trim().max(MARKETING_TEXT_MAX_CHARS, `不能超过${MARKETING_TEXT_MAX_CHARS}个字`).default(''),
    file_ids: z
      .array(idSchema)
      .max(MARKETING_ATTACHMENTS_MAX, `最多上传${MARKETING_ATTACHMENTS_MAX}个附件`)
      .default([]),
  })
  .refine((b) => b.text.length > 0 || b.file_ids.length > 0, {
    path: ['text'],
    message: '请描述案例内容或上传附件',
  });
export type MarketingReceiveRequest = z.input<typeof marketingReceiveRequestSchema>;

/** `message` event: an increment of the analysis's markdown. */
export const marketingStreamMessageSchema = z.object({ conv_id: z.string(), message_id: z.string(), text: z.string() });
export type MarketingStreamMessage = z.infer<typeof marketingStreamMessageSchema>;

/** `finish` event: the analysis is complete, stored, and parsed into the frame's sections. */
export const marketingStreamFinishSchema = z.object({
  conv_id: z.string(),
  message_id: z.string(),
  user_message_id: z.string(),
  title: z.string().optional(),
  status: messageStatusSchema,
  sections: marketingSectionsSchema,
});
export type MarketingStreamFinish = z.infer<typeof marketingStreamFinishSchema>;

/** `error` event: the stream stops; a partial analysis is kept as incomplete. */
export const marketingStreamErrorSchema = z.object({
  message: z.string(),
  code: z.number().int().optional(),
  conv_id: z.string().optional(),
  message_id: z.string().optional(),
});
export type MarketingStreamError = z.infer<typeof marketingStreamErrorSchema>;

export const marketingConversationSchema = z.object({
  conv_id: z.string(),
  title: z.string(),
  create_time: z.number().int(),
  update_time: z.number().int(),
});
export type MarketingConversation = z.infer<typeof marketingConversationSchema>;

/** One stored turn: a description (with attachments) or an analysis (with its sections once done). */
export const marketingMessageSchema = z.object({
  message_id: z.string(),
  conv_id: z.string(),
  role: messageRoleSchema,
  content: z.string(),
  status: messageStatusSchema,
  attachments: z.array(marketingAttachmentSchema),
  /** Parsed from a finished analysis; null for descriptions and unfinished answers. */
  sections: marketingSectionsSchema.nullable(),
  /** The collection holding this analysis, if the user saved it. */
  collect_id: z.string().nullable(),
  create_time: z.number().int(),
});
export type MarketingMessage = z.infer<typeof marketingMessageSchema>;

/**
 * `GET /api/marketing/message/completion?message_id=` → MarketingMessage: an analysis as stored so
 * far. A page opened while it is generated (a reload, another device) shows it and polls this until
 * its status is final; the analysis goes on on the server whoever watches it.
 * `POST /api/marketing/message/stop {message_id}` → MarketingMessage once stopped (or as it stands):
 * the only way to stop an analysis, on whichever replica generates it.
 */
export const marketingMessageIdSchema = z.object({ message_id: idSchema });
export type MarketingMessageIdRequest = z.infer<typeof marketingMessageIdSchema>;

/** `GET /api/marketing/conversation/detail` */
export const marketingConversationDetailQuerySchema = z.object({ conv_id: idSchema });
export const marketingConversationDetailSchema = z.object({
  conversation: marketingConversationSchema,
  messages: z.array(marketingMessageSchema),
});
export type MarketingConversationDetail = z.infer<typeof marketingConversationDetailSchema>;

/** `GET /api/marketing/conversation/list`: the user's conversations, newest first. */
export const marketingConversationListSchema = z.object({ conv_list: z.array(marketingConversationSchema) });
export type MarketingConversationList = z.infer<typeof marketingConversationListSchema>;

const tagSchema = z
  .string()
  .trim()
  .min(1, '标签不能为空')
  .max(MARKETING_TAG_MAX_CHARS, `每个标签不能超过${MARKETING_TAG_MAX_CHARS}个字`);

/** `POST /api/marketing/collect/create`: saves an analysis; saving it again updates title, tags and note. */
export const marketingCollectCreateRequestSchema = z.object({
  message_id: idSchema,
  /** Defaults to the conversation's title. */
  title: z
    .string()
    .trim()
    .min(1, '收藏名称不能为空')
    .max(MARKETING_COLLECT_TITLE_MAX_CHARS, `收藏名称不能超过${MARKETING_COLLECT_TITLE_MAX_CHARS}个字`)
    .optional(),
  tags: z
    .array(tagSchema)
    .max(MARKETING_TAGS_MAX, `最多${MARKETING_TAGS_MAX}个标签`)
    .default([])
    .transform((tags) => [...new Set(tags)]),
  note: z.string().trim().max(MARKETING_NOTE_MAX_CHARS, `备注不能超过${MARKETING_NOTE_MAX_CHARS}个字`).default(''),
});
export type MarketingCollectCreateRequest = z.input<typeof marketingCollectCreateRequestSchema>;

/** A saved case: a snapshot of the analysis, kept even when its conversation is deleted. */
export const marketingCollectionSchema = z.object({
  collect_id: z.string(),
  message_id: z.string(),
  conv_id: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  note: z.string(),
  content: z.string(),
  sections: marketingSectionsSchema,
  create_time: z.number().int(),
  update_time: z.number().int(),
});
export type MarketingCollection = z.infer<typeof marketingCollectionSchema>;

/** `GET /api/marketing/collect/list`: filter by one tag, search title, note and content, newest first. */
export const marketingCollectListQuerySchema = z.object({
  tag: z.string().trim().max(MARKETING_TAG_MAX_CHARS, `每个标签不能超过${MARKETING_TAG_MAX_CHARS}个字`).optional(),
  keyword: z.string().trim().max(100, '搜索词不能超过100个字').optional(),
  page: z.coerce.number().int('必须是整数').min(1, '不能小于1').default(1),
  page_size: z.coerce
    .number()
    .int('必须是整数')
    .min(1, '不能小于1')
    .max(MARKETING_COLLECT_PAGE_SIZE_MAX, `不能大于${MARKETING_COLLECT_PAGE_SIZE_MAX}`)
    .default(MARKETING_COLLECT_PAGE_SIZE_DEFAULT),
});
export type MarketingCollectListQuery = z.input<typeof marketingCollectListQuerySchema>;
export const marketingCollectListSchema = z.object({
  list: z.array(marketingCollectionSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type MarketingCollectList = z.infer<typeof marketingCollectListSchema>;

/** `POST /api/marketing/collect/delete` */
export const marketingCollectDeleteRequestSchema = z.object({ collect_id: idSchema });

/** `GET /api/marketing/collect/total`: how many cases the user saved, and their tags by use. */
export const marketingCollectTotalSchema = z.object({
  total: z.number().int(),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type MarketingCollectTotal = z.infer<typeof marketingCollectTotalSchema>;
