import { z } from 'zod';
import { messageStatusSchema } from './chat-responses';
import { chunkIdSchema, pagePositionSchema } from './doc-position';
import { docCitationSchema, docStatusSchema } from './sessions';

/**
 * 行业分析报告 (/report, module type 6): a library of PDF reports in categories — shared ones
 * uploaded by administrators, private ones by each user — and conversations that answer strictly
 * from the chosen reports with numbered citations, plus an industry brief, a side-by-side
 * comparison and export.
 */

/** Ids of reports, conversations and messages are opaque strings. */
const idSchema = z.string().trim().min(1, '不能为空').max(64, '过长');

/** Reports one conversation may read at once. */
export const REPORT_MAX_PER_CONVERSATION = 10;

export const reportScopeSchema = z.enum(['shared', 'own']);
export type ReportScope = z.infer<typeof reportScopeSchema>;

/** One report of the library as lists show it. */
export const reportSummarySchema = z.object({
  report_id: z.string(),
  title: z.string(),
  /** Publisher (e.g. 艾瑞咨询); '' when unknown. */
  source: z.string(),
  /** Publication date YYYY-MM-DD, or '' when unknown. */
  date: z.string(),
  /** Pages found by the parse; null until parsed. */
  pages: z.number().int().nonnegative().nullable(),
  status: docStatusSchema,
  /** Chinese reason when the parse failed. */
  reason: z.string().nullable(),
  scope: reportScopeSchema,
  category_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const reportCategorySchema = z.object({
  /** null for the user's own uploads (我的报告). */
  category_id: z.number().int().nullable(),
  name: z.string(),
  reports: z.array(reportSummarySchema),
});
export type ReportCategory = z.infer<typeof reportCategorySchema>;

export const reportCategoryQuerySchema = z.object({
  keyword: z.string().trim().max(100, '关键词最多 100 个字').optional(),
});
export const reportCategoryResponseSchema = z.object({
  list: z.array(reportCategorySchema),
  /** The caller is an administrator: may create categories and upload shared reports. */
  can_manage: z.boolean(),
});
export type ReportCategoryResponse = z.infer<typeof reportCategoryResponseSchema>;

/** Upload metadata, sent as query parameters next to the multipart file. */
export const reportUploadQuerySchema = z.object({
  /** Shared category (administrators only); absent uploads the report for the user alone. */
  category_id: z.coerce.number().int().positive().optional(),
  title: z.string().trim().max(200, '标题最多 200 个字').optional(),
  source: z.string().trim().max(100, '来源最多 100 个字').optional(),
  date: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, '日期格式应为 YYYY-MM-DD')
    .optional(),
});
export type ReportUploadQuery = z.infer<typeof reportUploadQuerySchema>;

/**
 * `POST /api/report/file/upload` → the report. A PDF whose content the uploader already has in the
 * library is not stored again: the answer is that report, with `already_uploaded`.
 */
export const reportUploadResponseSchema = reportSummarySchema.extend({ already_uploaded: z.boolean() });
export type ReportUploadResponse = z.infer<typeof reportUploadResponseSchema>;

export const reportCategoryCreateRequestSchema = z.object({
  name: z.string().trim().min(1, '分类名称不能为空').max(50, '分类名称最多 50 个字'),
});
export const reportIdRequestSchema = z.object({ report_id: idSchema });

export const reportConversationSchema = z.object({
  conversation_id: z.string(),
  title: z.string(),
  reports: z.array(reportSummarySchema),
  /** Reports chosen earlier that were deleted since (shown as 已删除). */
  missing_report_ids: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReportConversation = z.infer<typeof reportConversationSchema>;

const reportIdsSchema = z
  .array(idSchema)
  .min(1, '请至少选择一份报告')
  .max(REPORT_MAX_PER_CONVERSATION, `一次最多选择 ${REPORT_MAX_PER_CONVERSATION} 份报告`);

export const reportConversationCreateRequestSchema = z.object({
  report_ids: reportIdsSchema,
  title: z.string().trim().max(100, '标题最多 100 个字').optional(),
});
export const reportConversationEditRequestSchema = z.object({
  conversation_id: idSchema,
  title: z.string().trim().min(1, '标题不能为空').max(100, '标题最多 100 个字').optional(),
  report_ids: reportIdsSchema.optional(),
});
export const reportConversationIdQuerySchema = z.object({ conversation_id: idSchema });

export const reportMessageKindSchema = z.enum(['answer', 'brief', 'compare']);
export type ReportMessageKind = z.infer<typeof reportMessageKindSchema>;

/** One figure or statement of a brief, with the citations it rests on. */
export const briefItemSchema = z.object({ text: z.string(), citations: z.array(z.number().int().positive()) });
export type BriefItem = z.infer<typeof briefItemSchema>;

export const BRIEF_SECTIONS = ['market', 'segments', 'players', 'trends', 'risks'] as const;
export type BriefSection = (typeof BRIEF_SECTIONS)[number];
export const briefSectionLabels: Readonly<Record<BriefSection, string>> = {
  market: '市场规模与增长',
  segments: '细分市场',
  players: '主要企业',
  trends: '发展趋势',
  risks: '风险与挑战',
};

/**
 * Who wrote a brief: the configured model, the demo model (no model configured) or, when the model
 * failed, the extractive fallback that quotes the reports. Absent on briefs stored before the model
 * wrote them (extractive).
 */
export const briefOriginSchema = z.enum(['model', 'demo', 'extract']);
export type BriefOrigin = z.infer<typeof briefOriginSchema>;
/** The label a brief carries, on screen and in exports. */
export const briefOriginLabels: Readonly<Record<BriefOrigin, string>> = {
  model: '由模型根据所选报告检索到的片段撰写，方括号为出处编号，点击可查看原文页。',
  demo: '演示模型：当前未配置模型服务，以下内容由内置的演示模型从所选报告检索到的片段中摘取整理，并非模型撰写；方括号为真实出处编号。',
  extract: '摘录式简报：模型暂不可用，每条内容均摘自所选报告原文，方括号为出处编号。',
};

export const industryBriefSchema = z.object({
  origin: briefOriginSchema.optional(),
  sections: z.array(z.object({ key: z.enum(BRIEF_SECTIONS), title: z.string(), items: z.array(briefItemSchema) })),
});
export type IndustryBrief = z.infer<typeof industryBriefSchema>;

/** What one report says on a section of a comparison, with the citations it rests on. */
export const comparisonSideSchema = z.object({ text: z.string(), citations: z.array(z.number().int().positive()) });
/** Two reports side by side, section by section, with what differs (kind compare). */
export const reportComparisonSchema = z.object({
  origin: briefOriginSchema,
  reports: z.tuple([
    z.object({ report_id: z.string(), title: z.string() }),
    z.object({ report_id: z.string(), title: z.string() }),
  ]),
  rows: z.array(
    z.object({
      key: z.enum(BRIEF_SECTIONS),
      title: z.string(),
      left: comparisonSideSchema,
      right: comparisonSideSchema,
      /** What changed or differs between the two; '' when nothing can be said. */
      difference: z.string(),
    }),
  ),
});
export type ReportComparison = z.infer<typeof reportComparisonSchema>;

export const reportMessageSchema = z.object({
  message_id: z.string(),
  conversation_id: z.string(),
  role: z.enum(['user', 'assistant']),
  kind: reportMessageKindSchema,
  content: z.string(),
  citations: z.array(docCitationSchema),
  /** The brief's structure (kind brief). */
  brief: industryBriefSchema.nullable(),
  /** The comparison's structure (kind compare). */
  comparison: reportComparisonSchema.nullable(),
  status: messageStatusSchema,
  demo: z.boolean(),
  created_at: z.string(),
});
export type ReportMessage = z.infer<typeof reportMessageSchema>;

export const reportConversationDetailSchema = z.object({
  conversation: reportConversationSchema,
  messages: z.array(reportMessageSchema),
});
export type ReportConversationDetail = z.infer<typeof reportConversationDetailSchema>;

export const reportConversationListResponseSchema = z.object({ list: z.array(reportConversationSchema) });
export type ReportConversationListResponse = z.infer<typeof reportConversationListResponseSchema>;

export const reportQuestionsRequestSchema = z.object({ report_ids: reportIdsSchema });
export const reportQuestionsResponseSchema = z.object({ list: z.array(z.string()) });
export type ReportQuestionsResponse = z.infer<typeof reportQuestionsResponseSchema>;

export const reportAskRequestSchema = z.object({
  conversation_id: idSchema,
  prompt: z.string().trim().min(1, '请输入问题').max(4000, '问题最多 4000 个字'),
});
export type ReportAskRequest = z.infer<typeof reportAskRequestSchema>;

/** Stream events of askNew and brief: `message` (citations first, then text pieces), `finish`, `error`. */
export const reportStreamMessageSchema = z.object({
  conversation_id: z.string(),
  message_id: z.string(),
  text: z.string(),
  citations: z.array(docCitationSchema).optional(),
  /** The text so far is dropped: the brief is written again (a malformed first reply). */
  restart: z.boolean().optional(),
});
export type ReportStreamMessage = z.infer<typeof reportStreamMessageSchema>;
export const reportStreamFinishSchema = z.object({
  conversation_id: z.string(),
  message_id: z.string(),
  user_message_id: z.string(),
  message: reportMessageSchema,
});
export type ReportStreamFinish = z.infer<typeof reportStreamFinishSchema>;
export const reportStreamErrorSchema = z.object({
  conversation_id: z.string(),
  message_id: z.string(),
  code: z.number().int(),
  message: z.string(),
});
export type ReportStreamError = z.infer<typeof reportStreamErrorSchema>;

/**
 * `GET /api/report/message/completion?message_id=` → ReportMessage: an answer as stored so far. A
 * page opened while an answer is generated (a reload, another device) shows it and polls this
 * until its status is final; the answer goes on on the server whoever watches it.
 * `POST /api/report/message/stop {message_id}` → ReportMessage once stopped (or as it stands): the
 * only way to stop an answer, on whichever replica generates it.
 */
export const reportMessageIdSchema = z.object({ message_id: idSchema });
export type ReportMessageIdRequest = z.infer<typeof reportMessageIdSchema>;

export const sliceDetailQuerySchema = z.object({ chunk_id: chunkIdSchema });
export const sliceDetailSchema = z.object({
  chunk_id: z.string(),
  text: z.string(),
  page: z.number().int().positive().nullable(),
  /** Order of the slice within its report (0-based). */
  order: z.number().int().nonnegative(),
  /** The slice's boxes on its page; null when unknown (scanned pages, reports parsed before positions were kept). */
  position: pagePositionSchema.nullable().optional(),
  report: reportSummarySchema,
  /** Where the browser opens the PDF (append #page=N). */
  file_url: z.string(),
});
export type SliceDetail = z.infer<typeof sliceDetailSchema>;

export const reportBriefRequestSchema = z.object({ conversation_id: idSchema });

/** `POST /api/report/pdf/compare` (event stream like askNew): two reports of the conversation side by side. */
export const reportCompareRequestSchema = z.object({
  conversation_id: idSchema,
  report_ids: z.tuple([idSchema, idSchema]),
});

export const reportExportFormatSchema = z.enum(['md', 'docx']);
export const reportExportQuerySchema = z.object({ message_id: idSchema, format: reportExportFormatSchema });
