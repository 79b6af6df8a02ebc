import { z } from 'zod';
import { ADDBG_WORK_STATUSES, addbgEngineNames, addbgUsageSchema } from './addbg';
import { messageListQuerySchema } from './chat';

/**
 * Midjourney-style image chat (module type 1, inside the chatgpt app): a prompt becomes a 2×2 grid
 * of variants drawn by the configured image engine; each variant can be upscaled (U1–U4) or varied
 * (V1–V4), and the grid rerolled, each a new job of its own. Section 7's mj calls live under
 * `/api/chatgpt/`. Every generated image is taken from the image designer's usage (section 3's
 * `total`, `remain`, `refresh_ts`) and given back when the job fails.
 */

/** Images of a grid: 2×2. */
export const MJ_GRID_SIZE = 4;
/** An upscale doubles the side of the chosen variant. */
export const MJ_UPSCALE_FACTOR = 2;
export const MJ_PROMPT_MAX_CHARS = 2000;

/** imagine: a new prompt; upscale (U) and variation (V) act on one image of a reply; reroll draws the grid again. */
export const MJ_ACTIONS = ['imagine', 'upscale', 'variation', 'reroll'] as const;
export type MjAction = (typeof MJ_ACTIONS)[number];
/** The actions a button of a finished reply starts. */
export const MJ_FOLLOW_ACTIONS = ['upscale', 'variation', 'reroll'] as const;
export type MjFollowAction = (typeof MJ_FOLLOW_ACTIONS)[number];

/** The engines an image chat can run on (the image designer's AI engines). */
export const MJ_ENGINES = ['openai', 'sdwebui', 'comfyui'] as const;
export type MjEngine = (typeof MJ_ENGINES)[number];
export const mjEngineNames: Readonly<Record<MjEngine, string>> = {
  openai: addbgEngineNames.openai,
  sdwebui: addbgEngineNames.sdwebui,
  comfyui: addbgEngineNames.comfyui,
};

export const mjMessages = {
  notConnected: '图片生成尚未接入：管理员还没有配置图像引擎',
  emptyPrompt: '请输入图片描述',
  notFinished: '这张图还没有生成完成',
  parentFailed: '这次生成失败了，请重新输入描述',
  noSuchVariant: '没有这张图',
  variantNeeded: '请选择第几张图（1–4）',
  upscaleOfGrid: '只能放大四宫格中的一张',
  /** `mjAsk` with the id of a text conversation. */
  textConversation: '这是文字对话，不能在其中生成图片，请在图片创作中新建会话',
  /** A chat question sent to an image conversation. */
  imageConversation: '这是图片创作会话，不能在其中进行文字对话，请在图片创作中继续',
} as const;

/** What the question bubble of a turn says: the prompt, or the button that started it. */
export function mjActionLabel(action: MjAction, variant: number | null, prompt: string): string {
  switch (action) {
    case 'imagine':
      return prompt;
    case 'upscale':
      return `U${variant ?? 1} 放大第 ${variant ?? 1} 张`;
    case 'variation':
      return `V${variant ?? 1} 以第 ${variant ?? 1} 张生成变体`;
    case 'reroll':
      return '重新生成';
  }
}

const idSchema = z.string().trim().min(1).max(64);
/** Ids the server makes: 32 hex characters. */
const mjIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{32}$/, '编号不正确');

export const mjImageSchema = z.object({
  image_id: mjIdSchema,
  /** The image, to its owner only (signed-in). */
  url: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** 1–4 in a grid, 1 for an upscale. */
  position: z.number().int().positive(),
});
export type MjImage = z.infer<typeof mjImageSchema>;

/**
 * One turn of an image conversation: what was asked (`action`, `variant`, `prompt`) and its reply,
 * a job with progress that ends in a grid (four images) or a single upscaled image.
 */
export const mjMessageSchema = z.object({
  message_id: mjIdSchema,
  conv_id: idSchema,
  action: z.enum(MJ_ACTIONS),
  /** The image (1–4) of `parent_id`'s reply that an upscale or variation acted on. */
  variant: z.number().int().min(1).max(MJ_GRID_SIZE).nullable(),
  /** The reply the button was pressed on; null for a new prompt. */
  parent_id: mjIdSchema.nullable(),
  prompt: z.string(),
  status: z.enum(ADDBG_WORK_STATUSES),
  progress: z.number().int().min(0).max(100),
  /** 排队中, 生成中, 已完成, or why it failed. */
  status_text: z.string(),
  /** `grid`: four variants with U/V buttons; `single`: one upscaled image. */
  layout: z.enum(['grid', 'single']),
  images: z.array(mjImageSchema),
  engine: z.enum(MJ_ENGINES),
  /** Epoch milliseconds. */
  create_time: z.number().int(),
});
export type MjMessage = z.infer<typeof mjMessageSchema>;

/** An image conversation; `type` is the midjourney module type (1). */
export const mjConversationSchema = z.object({
  conv_id: idSchema,
  title: z.string(),
  type: z.number().int(),
  create_time: z.number().int(),
  update_time: z.number().int(),
});
export type MjConversation = z.infer<typeof mjConversationSchema>;

const promptSchema = z
  .string()
  .trim()
  .min(1, mjMessages.emptyPrompt)
  .max(MJ_PROMPT_MAX_CHARS, `不能超过${MJ_PROMPT_MAX_CHARS}个字符`)
  .refine((v) => !v.includes('\u0000'), '不能包含空字符');

/** `POST /api/chatgpt/message/mjAsk`: without `conv_id` an image conversation is created. */
export const mjAskRequestSchema = z.object({ conv_id: idSchema.optional(), prompt: promptSchema });
export type MjAskRequest = z.infer<typeof mjAskRequestSchema>;

/** The new turn (queued), its conversation and the usage left after it was charged. */
export const mjAskResponseSchema = z.object({
  conv_id: idSchema,
  title: z.string(),
  message: mjMessageSchema,
  usage: addbgUsageSchema,
});
export type MjAskResponse = z.infer<typeof mjAskResponseSchema>;

/** `GET /api/chatgpt/mj/messageList`: the chat list's paging (page 1 = newest, each page oldest first). */
export const mjMessageListQuerySchema = messageListQuerySchema;
export const mjMessageListResponseSchema = z.object({
  list: z.array(mjMessageSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  has_more: z.boolean(),
  title: z.string(),
});
export type MjMessageListResponse = z.infer<typeof mjMessageListResponseSchema>;

/** `POST /api/chatgpt/mj/receiveMessage`: a button of a finished reply (U1–U4, V1–V4, reroll). */
export const mjReceiveRequestSchema = z.object({
  message_id: mjIdSchema,
  action: z.enum(MJ_FOLLOW_ACTIONS),
  /** Which image (1–4) an upscale or variation acts on. */
  index: z.number().int().min(1).max(MJ_GRID_SIZE).optional(),
});
export type MjReceiveRequest = z.infer<typeof mjReceiveRequestSchema>;

/** `GET /api/chatgpt/mj/replyMessage?message_id=`: one turn as it is now (polled while it runs). */
export const mjReplyQuerySchema = z.object({ message_id: mjIdSchema });

/** `GET /api/chatgpt/mj/status`: whether an engine is connected, and the image usage. */
export const mjStatusSchema = z.object({
  configured: z.boolean(),
  engine: z.enum(MJ_ENGINES).nullable(),
  engine_name: z.string().nullable(),
  usage: addbgUsageSchema,
});
export type MjStatus = z.infer<typeof mjStatusSchema>;

export const mjConversationListResponseSchema = z.object({ conv_list: z.array(mjConversationSchema) });
export type MjConversationListResponse = z.infer<typeof mjConversationListResponseSchema>;
export const mjConversationDeleteRequestSchema = z.object({ conv_id: idSchema });

export const mjImageQuerySchema = z.object({
  image_id: mjIdSchema,
  /** Served as an attachment (a download) rather than inline. */
  download: z
    .enum(['0', '1'])
    .optional()
    .transform((v) => v === '1'),
});
