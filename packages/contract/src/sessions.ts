import { z } from 'zod';
import { FEEDBACK_ACTIONS, messageStatusSchema, messageRoleSchema, tokenUsageSchema } from './chat';
import { FEEDBACK_VALUES } from './chat-responses';
import { chunkIdSchema, pagePositionSchema } from './doc-position';
import { fileIdSchema } from './files';
import { MODULES, modulesOfFamily, type ModuleOfFamily } from './modules';

/*
 * The session tools of section 7 ("Brainstorm, insight, pdf"): one API under
 * `/api/{module}/…` for module = brainstorm | insight | pdf. Sessions hold messages and files;
 * files go through the document pipeline (parse → chunks with page/row positions) so that
 * answers cite them as [n].
 */

/** The session tools: the table's modules of the `sessions` family, in table order. */
export const SESSION_MODULES = modulesOfFamily('sessions');
export type SessionModule = ModuleOfFamily<'sessions'>;
export const sessionModuleSchema = z.enum(SESSION_MODULES as [SessionModule, ...SessionModule[]]);

/** Module type number of each session module (from the module table). */
export const sessionModuleType = Object.fromEntries(
  SESSION_MODULES.map((module) => [module, MODULES[module].type]),
) as Readonly<Record<SessionModule, number>>;

export function isSessionModule(value: string): value is SessionModule {
  return (SESSION_MODULES as readonly string[]).includes(value);
}

/** Hard ceiling on a prompt at the edge. */
export const SESSION_PROMPT_MAX_CHARS = 20_000;
/** Pasted customer voice (insight) may be longer than a question. */
export const SESSION_PASTED_TEXT_MAX_CHARS = 200_000;

/** Session and message ids: 32 hex characters, like conversation ids. */
export const sessionIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{32}$/, '会话编号不正确');
export const sessionMessageIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{32}$/, '消息编号不正确');

/* ------------------------------------------------------------------ brainstorm */

/** Methods of divergent thinking the user picks for a round. */
export const BRAINSTORM_METHODS = ['free_association', 'scamper', 'six_hats', 'reverse'] as const;
export type BrainstormMethod = (typeof BRAINSTORM_METHODS)[number];
export const brainstormMethodSchema = z.enum(BRAINSTORM_METHODS);
export const brainstormMethodLabels: Readonly<Record<BrainstormMethod, string>> = {
  free_association: '自由联想',
  scamper: '奔驰法（SCAMPER）',
  six_hats: '六顶思考帽',
  reverse: '逆向思维',
};

export const IDEA_STATES = ['new', 'kept', 'dropped'] as const;
export type IdeaState = (typeof IDEA_STATES)[number];
export const ideaStateSchema = z.enum(IDEA_STATES);

/** The user's own rating of an idea: 1..5 stars, null when not rated. */
export const ideaRatingSchema = z.number().int().min(1).max(5).nullable();

/** One idea card of a round. */
export const ideaCardSchema = z.object({
  card_id: z.string().min(1).max(64),
  title: z.string(),
  /** One-line pitch. */
  pitch: z.string(),
  /** Why it could work. */
  why: z.string(),
  risks: z.array(z.string()),
  state: ideaStateSchema,
  rating: ideaRatingSchema,
  /** Round the card came from (1-based). */
  round: z.number().int().positive(),
  /** Cards this one was merged from or expanded out of. */
  source_card_ids: z.array(z.string()).optional(),
});
export type IdeaCard = z.infer<typeof ideaCardSchema>;

/** What the model must produce for a round (the server adds ids, state, rating, round). */
export const ideaDraftSchema = z.object({
  title: z.string().min(1).max(200),
  pitch: z.string().min(1).max(500),
  why: z.string().max(1000),
  risks: z.array(z.string().max(500)).max(10),
});
export type IdeaDraft = z.infer<typeof ideaDraftSchema>;
export const ideaDraftListSchema = z.object({ ideas: z.array(ideaDraftSchema).min(1).max(12) });

/** A round of divergent thinking: its method, the prompt and the cards it yielded. */
export const brainstormRoundSchema = z.object({
  round: z.number().int().positive(),
  method: brainstormMethodSchema,
  /** The card this round expanded, if any. */
  expand_card_id: z.string().optional(),
  cards: z.array(ideaCardSchema),
});
export type BrainstormRound = z.infer<typeof brainstormRoundSchema>;

export const ideaClusterSchema = z.object({
  name: z.string(),
  summary: z.string(),
  card_ids: z.array(z.string()),
});
export type IdeaCluster = z.infer<typeof ideaClusterSchema>;

export const shortlistEntrySchema = z.object({
  card_id: z.string(),
  title: z.string(),
  pitch: z.string(),
  rating: ideaRatingSchema,
});

/** The closing summary: clusters, a mind map (Markdown headings for markmap) and a shortlist. */
export const brainstormSummarySchema = z.object({
  topic: z.string(),
  clusters: z.array(ideaClusterSchema),
  /** Markdown whose headings/lists form the mind map (markmap renders it; exported as .md). */
  mind_map_markdown: z.string(),
  /** Kept cards, best rated first. */
  shortlist: z.array(shortlistEntrySchema),
});
export type BrainstormSummary = z.infer<typeof brainstormSummarySchema>;

/** What the model must produce for a summary (the server builds the shortlist from ratings). */
export const clusterDraftListSchema = z.object({
  clusters: z.array(z.object({ name: z.string().min(1), summary: z.string(), card_ids: z.array(z.string()) })).min(1),
});

/* ------------------------------------------------------------------ documents and citations */

/** Status of a file in the document pipeline. */
export const DOC_STATUSES = ['queued', 'parsing', 'ocr', 'ready', 'failed'] as const;
export type DocStatus = (typeof DOC_STATUSES)[number];
export const docStatusSchema = z.enum(DOC_STATUSES);
export const docStatusLabels: Readonly<Record<DocStatus, string>> = {
  queued: '排队中',
  parsing: '解析中',
  ocr: '识别中',
  ready: '已就绪',
  failed: '解析失败',
};

/** Chinese reasons a file failed; the server sends one of these (or a more precise one) as `reason`. */
export const docFailureMessages = {
  noTextLayer: '该 PDF 没有可提取的文字（可能是扫描件），暂不支持 OCR 识别',
  unreadable: '该 PDF 没有可提取的文字，扫描件中也未识别出内容',
  encrypted: '需要密码的 PDF 无法解析',
  corrupt: '文件已损坏，无法解析',
  tooManyPages: (max: number) => `页数超过上限（最多 ${max} 页）`,
  empty: '文件中没有可用的文字内容',
  unsupported: '不支持的文件类型',
  timeout: '解析超时，请稍后重试',
  interrupted: '解析被中断（服务重启或异常），请重新解析',
  /** The parse worker reached its memory limit: parsing again would only reach it again. */
  tooLarge: '文件过大或过于复杂，无法解析',
  /** The server stopped abruptly while parsing the file: it is not parsed again by itself (it may be why). */
  crashedWhileParsing: '解析时服务异常退出，文件可能过大或过于复杂，未自动重试；可重新解析',
  tooManyFiles: (max: number) => `每个会话最多上传 ${max} 个文件`,
} as const;

/** Put in a page's text (and the file's note) where an image was too large to be decoded for OCR. */
export const OVERSIZED_IMAGE_NOTE = '图片过大，已跳过识别';

/** The file's note for the pages whose images were skipped: 第 2、5 页图片过大，已跳过识别 (the first ten pages named). */
export function oversizedImagesNote(pages: readonly number[]): string {
  const named = pages.slice(0, 10).join('、');
  return `第 ${named}${pages.length > 10 ? ` 等 ${pages.length}` : ''} 页${OVERSIZED_IMAGE_NOTE}`;
}

/**
 * Scanned pages read by OCR so far, while a file's status is `ocr`; null (or absent) otherwise.
 * `waiting`: the server's OCR workers are all busy with other files and none of this file's pages
 * has started yet.
 */
export const ocrProgressSchema = z
  .object({
    done: z.number().int().nonnegative(),
    total: z.number().int().positive(),
    waiting: z.boolean().optional(),
  })
  .nullable()
  .optional();
export type OcrProgress = z.infer<typeof ocrProgressSchema>;

/** What a file waiting for a free OCR worker shows. */
export const OCR_WAITING_LABEL = '等待识别';

/**
 * A file's status as shown to people, e.g. 识别中 3/10 页 while OCR reads scanned pages, or
 * 等待识别 0/10 页 while other files hold every OCR worker.
 */
export function docStatusText(status: DocStatus, ocr: OcrProgress): string {
  if (status === 'ocr' && ocr) {
    return `${ocr.waiting ? OCR_WAITING_LABEL : docStatusLabels.ocr} ${ocr.done}/${ocr.total} 页`;
  }
  return docStatusLabels[status];
}

/** A numbered source passage of an answer: `[n]` in the text refers to `index` n. */
export const docCitationSchema = z.object({
  index: z.number().int().positive(),
  file_id: fileIdSchema,
  file_name: z.string(),
  /** 1-based page for PDFs; null for other kinds. */
  page: z.number().int().positive().nullable(),
  /** 1-based data row for csv/xlsx (header excluded); null for other kinds. */
  row: z.number().int().positive().nullable(),
  /** The passage (slice) text the answer relied on. */
  quote: z.string(),
  chunk_id: z.string(),
});
export type DocCitation = z.infer<typeof docCitationSchema>;

/** A session file as file/list and the upload answer return it. */
export const sessionFileSchema = z.object({
  file_id: fileIdSchema,
  session_id: sessionIdSchema,
  name: z.string(),
  mime: z.string(),
  size: z.number().int().nonnegative(),
  status: docStatusSchema,
  /** Chinese reason when failed; null otherwise. */
  reason: z.string().nullable(),
  /** Pages (PDF) or rows (csv/xlsx) found; null until parsed. */
  page_count: z.number().int().nonnegative().nullable(),
  chunk_count: z.number().int().nonnegative(),
  ocr_progress: ocrProgressSchema,
  /** Signed-in download path (relative to the API base), for the PDF viewer. */
  url: z.string(),
  /** Epoch milliseconds. */
  create_time: z.number().int(),
  update_time: z.number().int(),
});
export type SessionFile = z.infer<typeof sessionFileSchema>;

/* ------------------------------------------------------------------ insight report */

export const evidenceSchema = z.object({
  quote: z.string(),
  file_id: fileIdSchema.nullable(),
  file_name: z.string(),
  page: z.number().int().positive().nullable(),
  row: z.number().int().positive().nullable(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

/** Plutchik's eight, and `neutral` for a voice that shows none: every voice has one, so shares add up to the voices. */
export const EMOTIONS = [
  'joy',
  'trust',
  'anticipation',
  'surprise',
  'sadness',
  'anger',
  'fear',
  'disgust',
  'neutral',
] as const;
export type Emotion = (typeof EMOTIONS)[number];
export const emotionSchema = z.enum(EMOTIONS);
export const emotionLabels: Readonly<Record<Emotion, string>> = {
  joy: '喜悦',
  trust: '信任',
  anticipation: '期待',
  surprise: '惊喜',
  sadness: '失望',
  anger: '愤怒',
  fear: '担忧',
  disgust: '反感',
  neutral: '中性',
};

export const emotionShareSchema = z.object({
  emotion: emotionSchema,
  label: z.string(),
  /** Voices showing this emotion. */
  count: z.number().int().nonnegative(),
  /** count / total voices, 0..1. */
  share: z.number().min(0).max(1),
  evidence: z.array(evidenceSchema),
});
export type EmotionShare = z.infer<typeof emotionShareSchema>;

/** One claim of a report section (a need, a pain point, a delight moment). */
export const insightClaimSchema = z.object({
  title: z.string(),
  detail: z.string(),
  /** Voices supporting the claim. */
  count: z.number().int().nonnegative(),
  evidence: z.array(evidenceSchema),
});
export type InsightClaim = z.infer<typeof insightClaimSchema>;

export const personaSchema = z.object({
  name: z.string(),
  description: z.string(),
  goals: z.array(z.string()),
  frustrations: z.array(z.string()),
  evidence: z.array(evidenceSchema),
});
export type Persona = z.infer<typeof personaSchema>;

export const insightReportSchema = z.object({
  /** One-paragraph overview. */
  summary: z.string(),
  /** Voices (rows, paragraphs) analysed. */
  voice_count: z.number().int().nonnegative(),
  emotions: z.array(emotionShareSchema),
  needs: z.array(insightClaimSchema),
  pain_points: z.array(insightClaimSchema),
  delights: z.array(insightClaimSchema),
  personas: z.array(personaSchema),
});
export type InsightReport = z.infer<typeof insightReportSchema>;

/* ------------------------------------------------------------------ sessions */

export const sessionSchema = z.object({
  session_id: sessionIdSchema,
  session_name: z.string(),
  module: sessionModuleSchema,
  /** Module type number (brainstorm 3, insight 4, pdf 5). */
  type: z.number().int(),
  /** Brainstorm: the topic; insight: what the voices are about; empty otherwise. */
  topic: z.string(),
  /** Brainstorm: method of the latest round. */
  method: brainstormMethodSchema.nullable(),
  file_count: z.number().int().nonnegative(),
  /** Epoch milliseconds. */
  create_time: z.number().int(),
  update_time: z.number().int(),
});
export type Session = z.infer<typeof sessionSchema>;

/** `GET /api/{module}/session/list` → newest first. */
export const sessionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(100),
});
export const sessionListResponseSchema = z.object({
  session_list: z.array(sessionSchema),
  total: z.number().int().nonnegative(),
});
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

/** `POST /api/{module}/session/create` → Session. */
export const sessionCreateRequestSchema = z.object({
  session_name: z.string().trim().max(100).optional(),
  topic: z.string().trim().max(2000).optional(),
  method: brainstormMethodSchema.optional(),
});
export type SessionCreateRequest = z.infer<typeof sessionCreateRequestSchema>;

/** `POST /api/{module}/session/update {session_id, session_name}` → Session. */
export const sessionUpdateRequestSchema = z.object({
  session_id: sessionIdSchema,
  session_name: z.string().trim().min(1).max(100),
});
export type SessionUpdateRequest = z.infer<typeof sessionUpdateRequestSchema>;

/** `POST /api/{module}/session/delete {session_id}` → null; its messages, files and chunks go too. */
export const sessionDeleteRequestSchema = z.object({ session_id: sessionIdSchema });
export type SessionDeleteRequest = z.infer<typeof sessionDeleteRequestSchema>;

/** `GET /api/{module}/session/info?session_id=` → session with its files. */
export const sessionIdQuerySchema = z.object({ session_id: sessionIdSchema });
export const sessionInfoResponseSchema = z.object({
  session: sessionSchema,
  files: z.array(sessionFileSchema),
});
export type SessionInfoResponse = z.infer<typeof sessionInfoResponseSchema>;

/* ------------------------------------------------------------------ messages */

/**
 * What a message carries beyond its text. `answer`: a plain (cited) answer; `ideas`: a brainstorm
 * round; `summary`: the brainstorm summary; `report`: an insight report. `data` is null while an
 * answer is generating, and stays null when the model's structured reply could not be validated
 * (the text then shows as plain text).
 */
export const MESSAGE_KINDS = ['answer', 'ideas', 'summary', 'report'] as const;
export type SessionMessageKind = (typeof MESSAGE_KINDS)[number];
export const sessionMessageKindSchema = z.enum(MESSAGE_KINDS);

export const sessionMessageDataSchema = z.union([
  z.object({ kind: z.literal('ideas'), round: brainstormRoundSchema }),
  z.object({ kind: z.literal('summary'), summary: brainstormSummarySchema }),
  z.object({ kind: z.literal('report'), report: insightReportSchema }),
]);
export type SessionMessageData = z.infer<typeof sessionMessageDataSchema>;

/**
 * What a structured answer is doing once its text stops growing: `repairing` when the model's
 * reply did not validate and it is asked once more to fix its format (shown as 正在整理格式…).
 */
export const SESSION_STREAM_PHASES = ['repairing'] as const;
export type SessionStreamPhase = (typeof SESSION_STREAM_PHASES)[number];

export const sessionStreamPhaseSchema = z.enum(SESSION_STREAM_PHASES);

export const sessionMessageSchema = z.object({
  message_id: sessionMessageIdSchema,
  session_id: sessionIdSchema,
  role: messageRoleSchema,
  /** Questions (role user) are always `answer`; an assistant message's kind follows the ask's action. */
  kind: sessionMessageKindSchema,
  content: z.string(),
  citations: z.array(docCitationSchema),
  data: sessionMessageDataSchema.nullable(),
  status: messageStatusSchema,
  /** While generating: what the answer does besides writing text; null otherwise. */
  phase: sessionStreamPhaseSchema.nullable().optional(),
  /** True when the built-in demo model wrote the answer (shown as 演示模型). */
  demo: z.boolean(),
  /** The owner's 点赞 / 点踩 of an answer; null when none. */
  feedback: z.enum(FEEDBACK_VALUES).nullable().optional(),
  /** Epoch milliseconds. */
  create_time: z.number().int(),
});
export type SessionMessage = z.infer<typeof sessionMessageSchema>;

/**
 * `POST /api/{module}/message/feedback {session_id, message_id, action}` → FeedbackState: 点赞 / 点踩 /
 * 复制 of a session answer, as chat's /api/feedback/* (like and dislike exclude each other).
 */
export const sessionFeedbackRequestSchema = z.object({
  session_id: sessionIdSchema,
  message_id: sessionMessageIdSchema,
  action: z.enum(FEEDBACK_ACTIONS),
});
export type SessionFeedbackRequest = z.infer<typeof sessionFeedbackRequestSchema>;

/**
 * `POST /api/{module}/message/truncate {session_id, message_id}` → `{removed}`: removes a question
 * and every message after it, before the question is asked again as edited. Refused while an
 * answer of the session is being written.
 */
export const sessionTruncateRequestSchema = z.object({
  session_id: sessionIdSchema,
  message_id: sessionMessageIdSchema,
});
export type SessionTruncateRequest = z.infer<typeof sessionTruncateRequestSchema>;
export const sessionTruncateResponseSchema = z.object({ removed: z.number().int().nonnegative() });
export type SessionTruncateResponse = z.infer<typeof sessionTruncateResponseSchema>;

/**
 * `GET /api/{module}/message/list?session_id=&page=&page_size=`. Page 1 holds the newest messages,
 * each page oldest first (as chat).
 */
export const sessionMessageListQuerySchema = z.object({
  session_id: sessionIdSchema,
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export const sessionMessageListResponseSchema = z.object({
  list: z.array(sessionMessageSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  has_more: z.boolean(),
});
export type SessionMessageListResponse = z.infer<typeof sessionMessageListResponseSchema>;

/** `GET /api/{module}/message/completion?message_id=` and `GET /api/{module}/prompt/getCompletion?message_id=` → SessionMessage. */
export const sessionMessageIdQuerySchema = z.object({ message_id: sessionMessageIdSchema });

/**
 * What an ask asks for. `ask`: a question (cited from the session's files when it has any);
 * `round` (brainstorm): a new round of idea cards with `method`, optionally expanding
 * `expand_card_id`; `summary` (brainstorm): the closing summary; `report` (insight): the insight
 * report over the session's files and `text`.
 */
export const SESSION_ASK_ACTIONS = ['ask', 'round', 'summary', 'report'] as const;
export type SessionAskAction = (typeof SESSION_ASK_ACTIONS)[number];
export const sessionAskActionSchema = z.enum(SESSION_ASK_ACTIONS);

/**
 * Body of `POST /api/{module}/message/receive` (SSE), `POST /api/{module}/prompt/askStream` (SSE)
 * and `POST /api/{module}/prompt/asyncAsk`. Without `session_id` a session is created (named
 * after the prompt). `prompt` may be empty only for `round` / `summary` / `report`.
 */
export const sessionAskRequestSchema = z.object({
  session_id: sessionIdSchema.optional(),
  action: sessionAskActionSchema.default('ask'),
  prompt: z.string().trim().max(SESSION_PROMPT_MAX_CHARS).default(''),
  /** Brainstorm round method; defaults to the session's method, then free association. */
  method: brainstormMethodSchema.optional(),
  expand_card_id: z.string().max(64).optional(),
  /** Insight: pasted customer voice, one voice per line. */
  text: z.string().max(SESSION_PASTED_TEXT_MAX_CHARS).optional(),
  /** Restrict retrieval to these files of the session; all ready files otherwise. */
  file_ids: z.array(fileIdSchema).max(50).optional(),
});
export type SessionAskRequest = z.input<typeof sessionAskRequestSchema>;
export type SessionAskParsed = z.output<typeof sessionAskRequestSchema>;

/** Answer of `prompt/asyncAsk`: where to poll (`prompt/getCompletion`, every 2000 ms). */
export const sessionAsyncAskResponseSchema = z.object({
  session_id: sessionIdSchema,
  message_id: sessionMessageIdSchema,
  user_message_id: sessionMessageIdSchema,
});
export type SessionAsyncAskResponse = z.infer<typeof sessionAsyncAskResponseSchema>;

/** Event names of every session stream (same as chat). */
export const SESSION_STREAM_EVENTS = { message: 'message', finish: 'finish', error: 'error' } as const;
export type SessionStreamEventName = keyof typeof SESSION_STREAM_EVENTS;

/**
 * `message` event: `text` is appended; `citations` arrive once, before the first text. For the
 * structured kinds (ideas, summary, report) the text is the model's raw reply (JSON): show a
 * progress state and render from the `finish` event's `message.data` (or `message.content`).
 * `phase` (with empty text) says the reply is being repaired; the final result still comes with
 * `finish`.
 */
export const sessionStreamMessageSchema = z.object({
  session_id: sessionIdSchema,
  message_id: sessionMessageIdSchema,
  text: z.string(),
  citations: z.array(docCitationSchema).optional(),
  phase: sessionStreamPhaseSchema.optional(),
});
export type SessionStreamMessage = z.infer<typeof sessionStreamMessageSchema>;

/** `finish` event: the stored message as it ended (with its structured data). */
export const sessionStreamFinishSchema = z.object({
  session_id: sessionIdSchema,
  message_id: sessionMessageIdSchema,
  user_message_id: sessionMessageIdSchema,
  status: messageStatusSchema,
  message: sessionMessageSchema,
  usage: tokenUsageSchema.optional(),
});
export type SessionStreamFinish = z.infer<typeof sessionStreamFinishSchema>;

export const sessionStreamErrorSchema = z.object({
  message: z.string(),
  code: z.number().int().optional(),
  session_id: sessionIdSchema.optional(),
  message_id: sessionMessageIdSchema.optional(),
});
export type SessionStreamError = z.infer<typeof sessionStreamErrorSchema>;

/** `POST /api/{module}/message/stop {message_id}` → SessionMessage as it stands. */
export const sessionStopRequestSchema = z.object({ message_id: sessionMessageIdSchema });

/* ------------------------------------------------------------------ prompts and recommendations */

/** `GET /api/{module}/session/promptCompletions?session_id=` (session optional). */
export const promptCompletionsQuerySchema = z.object({ session_id: sessionIdSchema.optional() });
export const promptSuggestionSchema = z.object({
  /** Short label for a chip. */
  label: z.string(),
  /** The full prompt sent when the chip is chosen. */
  prompt: z.string(),
  action: sessionAskActionSchema,
});
export type PromptSuggestion = z.infer<typeof promptSuggestionSchema>;
export const promptCompletionsResponseSchema = z.object({ list: z.array(promptSuggestionSchema) });
export type PromptCompletionsResponse = z.infer<typeof promptCompletionsResponseSchema>;

/**
 * `POST /api/pdf/message/get_stream_recommend_question {session_id, file_id?}` (SSE): one
 * `message` event per question as it is ready, then `finish` with the whole list.
 */
export const recommendQuestionRequestSchema = z.object({
  session_id: sessionIdSchema,
  file_id: fileIdSchema.optional(),
});
export const recommendQuestionEventSchema = z.object({ index: z.number().int().nonnegative(), question: z.string() });
export const recommendQuestionFinishSchema = z.object({ list: z.array(z.string()), demo: z.boolean() });
export type RecommendQuestionEvent = z.infer<typeof recommendQuestionEventSchema>;
export type RecommendQuestionFinish = z.infer<typeof recommendQuestionFinishSchema>;

/* ------------------------------------------------------------------ files */

/** `GET /api/{module}/file/list?session_id=` */
export const sessionFileListResponseSchema = z.object({ list: z.array(sessionFileSchema) });
export type SessionFileListResponse = z.infer<typeof sessionFileListResponseSchema>;

/** `POST /api/{module}/file/delete {session_id, file_id}` → `{file_id}`; removes chunks and the stored object. */
export const sessionFileRequestSchema = z.object({ session_id: sessionIdSchema, file_id: fileIdSchema });
export type SessionFileRequest = z.infer<typeof sessionFileRequestSchema>;
export const sessionFileDeleteResponseSchema = z.object({ file_id: fileIdSchema });

/** `POST /api/{module}/file/check_doc_status {session_id, file_ids?}` → the files' status. */
export const checkDocStatusRequestSchema = z.object({
  session_id: sessionIdSchema,
  file_ids: z.array(fileIdSchema).max(100).optional(),
});
export type CheckDocStatusRequest = z.infer<typeof checkDocStatusRequestSchema>;
export const docStatusEntrySchema = z.object({
  file_id: fileIdSchema,
  status: docStatusSchema,
  reason: z.string().nullable(),
  page_count: z.number().int().nonnegative().nullable(),
  chunk_count: z.number().int().nonnegative(),
  ocr_progress: ocrProgressSchema,
});
export type DocStatusEntry = z.infer<typeof docStatusEntrySchema>;
export const checkDocStatusResponseSchema = z.object({
  list: z.array(docStatusEntrySchema),
  /** True when every listed file is ready or failed (the browser stops polling). */
  settled: z.boolean(),
});
export type CheckDocStatusResponse = z.infer<typeof checkDocStatusResponseSchema>;

/**
 * `GET /api/{module}/file/slice?session_id=&chunk_id=`: a cited passage of a session file with its
 * place, so the viewer opens the PDF at the page and highlights the passage.
 */
export const sessionSliceQuerySchema = z.object({ session_id: sessionIdSchema, chunk_id: chunkIdSchema });
export const sessionSliceSchema = z.object({
  chunk_id: z.string(),
  file_id: fileIdSchema,
  text: z.string(),
  page: z.number().int().positive().nullable(),
  row: z.number().int().positive().nullable(),
  /** The passage's boxes on its page; null for other kinds, scanned pages and files parsed before positions were kept. */
  position: pagePositionSchema.nullable(),
});
export type SessionSlice = z.infer<typeof sessionSliceSchema>;

/** `POST /api/{module}/file/reload {session_id, file_id}` → SessionFile (queued again). */

/**
 * `POST /api/{module}/file/upload?session_id=` (multipart, one part named `file`) → SessionFile
 * (status queued; poll `file/check_doc_status`). Without `session_id` a session is created, named
 * after the file. Kinds, checked by content: pdf only for pdf; pdf, docx, xlsx, csv, txt, md for
 * insight and brainstorm.
 */
export const sessionUploadQuerySchema = z.object({ session_id: sessionIdSchema.optional() });
export const sessionUploadResponseSchema = sessionFileSchema;

/** `GET /api/{module}/file/download?file_id=`: the stored file (the PDF viewer reads it). */

/* ------------------------------------------------------------------ brainstorm card edits */

/** `POST /api/brainstorm/idea/update {session_id, card_id, state?, rating?}` → the card. */
export const ideaUpdateRequestSchema = z.object({
  session_id: sessionIdSchema,
  card_id: z.string().min(1).max(64),
  state: ideaStateSchema.optional(),
  rating: ideaRatingSchema.optional(),
});
export type IdeaUpdateRequest = z.infer<typeof ideaUpdateRequestSchema>;

/** `POST /api/brainstorm/idea/merge {session_id, card_ids, title?}` → the new (kept) card. */
export const ideaMergeRequestSchema = z.object({
  session_id: sessionIdSchema,
  card_ids: z.array(z.string().min(1).max(64)).min(2).max(10),
  title: z.string().trim().min(1).max(200).optional(),
});
export type IdeaMergeRequest = z.infer<typeof ideaMergeRequestSchema>;

/** `GET /api/brainstorm/idea/list?session_id=` → every card of the session, by round. */
export const ideaListResponseSchema = z.object({ list: z.array(ideaCardSchema) });
