import { z } from 'zod';

/**
 * 社媒洞察 (red): notes imported from the company's own sources, categories (projects) with their
 * brands and products, subscriptions, insight, hot topics. Shapes of section 7 "Red module".
 */

export const RED_SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type RedSentiment = (typeof RED_SENTIMENTS)[number];
export const redSentimentLabels: Readonly<Record<RedSentiment, string>> = {
  positive: '正面',
  neutral: '中性',
  negative: '负面',
};

/** Windows of the hot-topic ranking (`rank/statistics_time_select_list`). */
export const RED_RANK_WINDOWS = [
  { id: '1d', name: '近24小时', days: 1 },
  { id: '7d', name: '近7天', days: 7 },
  { id: '30d', name: '近30天', days: 30 },
] as const;
export type RedRankWindowId = (typeof RED_RANK_WINDOWS)[number]['id'];

/** Weights of one interaction of each kind in a note's interaction score and a topic's heat. */
export const RED_INTERACTION_WEIGHTS = { likes: 1, collects: 2, comments: 3, shares: 4 } as const;

export const RED_PAGE_SIZE_MAX = 100;
/** Rows one export may hold; a larger selection is refused with a message to narrow it. */
export const RED_EXPORT_MAX_ROWS = 100_000;
/** Import row errors kept per job (all are counted). */
export const RED_IMPORT_ERRORS_KEPT = 500;
/** Columns of CSV / XLSX imports, by header name; JSONL lines use the same keys. */
export const RED_IMPORT_COLUMNS = [
  'note_id',
  'title',
  'content',
  'author',
  'published_at',
  'likes',
  'collects',
  'comments',
  'shares',
  'topics',
  'image_count',
  'link',
] as const;
/** Label of notes generated on a fresh install. */
export const RED_SAMPLE_LABEL = '示例数据';

/**
 * Section 9: over 10,000 in 万, over 100,000,000 in 亿 (one decimal, trailing zero dropped).
 * 9999 → "9999", 12345 → "1.2万", 250000000 → "2.5亿".
 */
export function formatRedCount(value: number): string {
  const trim = (v: number) => String(Number(v.toFixed(1)));
  if (Math.abs(value) >= 100_000_000) return `${trim(value / 100_000_000)}亿`;
  if (Math.abs(value) >= 10_000) return `${trim(value / 10_000)}万`;
  return String(Math.round(value));
}

const noNul = (s: string) => !s.includes('\0');
const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label}不能超过${max}个字`).refine(noNul, `${label}含有非法字符`);
const idParam = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .positive(`${label}无效`);
const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), '日期无效');
const pageIndex = z.coerce.number().int('必须是整数').min(1, '不能小于1').default(1);
const pageSize = z.coerce
  .number()
  .int('必须是整数')
  .min(1, '不能小于1')
  .max(RED_PAGE_SIZE_MAX, `不能大于${RED_PAGE_SIZE_MAX}`)
  .default(20);

// ---- dictionary: categories (projects), brands, products ----

const aliasList = z.array(text(50, '别名').min(1, '别名不能为空')).max(50, '别名不能超过50个').default([]);
export const redProductInputSchema = z.object({
  name: text(50, '产品名').min(1, '产品名不能为空'),
  aliases: aliasList,
});
export const redBrandInputSchema = z.object({
  name: text(50, '品牌名').min(1, '品牌名不能为空'),
  aliases: aliasList,
  products: z.array(redProductInputSchema).max(200, '产品不能超过200个').default([]),
});
/** `POST /api/red/admin/project/save` (administrators): a category with its brands and products. */
export const redProjectSaveSchema = z.object({
  project_id: idParam('品类').optional(),
  name: text(50, '品类名').min(1, '品类名不能为空'),
  brands: z.array(redBrandInputSchema).max(200, '品牌不能超过200个').default([]),
});
export type RedProjectSave = z.input<typeof redProjectSaveSchema>;

export const redProductSchema = z.object({ product_id: z.number(), name: z.string(), aliases: z.array(z.string()) });
export const redBrandSchema = z.object({
  brand_id: z.number(),
  name: z.string(),
  aliases: z.array(z.string()),
  products: z.array(redProductSchema),
  subscribed: z.boolean(),
});
export type RedBrand = z.infer<typeof redBrandSchema>;
export const redProjectSchema = z.object({
  project_id: z.number(),
  name: z.string(),
  brand_count: z.number(),
  note_count: z.number(),
  is_sample: z.boolean(),
  subscribed: z.boolean(),
});
export type RedProject = z.infer<typeof redProjectSchema>;

export const redProjectIdQuerySchema = z.object({ project_id: idParam('品类') });
export const redSubscribeProjectSchema = z.object({
  project_id: idParam('品类'),
  subscribe: z.boolean().default(true),
});
export const redSubscribeBrandSchema = z.object({ brand_id: idParam('品牌'), subscribe: z.boolean().default(true) });
export const redSubscriptionSchema = z.object({
  project_id: z.number(),
  name: z.string(),
  is_sample: z.boolean(),
  brands: z.array(z.object({ brand_id: z.number(), name: z.string() })),
});
export type RedSubscription = z.infer<typeof redSubscriptionSchema>;

// ---- notes and insight ----

/** The filters every insight call takes. `brand` is a brand id or a brand name/alias. */
export const redInsightFilterSchema = z.object({
  project_id: idParam('品类').optional(),
  brand: text(50, '品牌').optional(),
  sentiment: z.enum(RED_SENTIMENTS, '情感只能是 positive、neutral 或 negative').optional(),
  start: dateParam.optional(),
  end: dateParam.optional(),
  keyword: text(50, '关键词').optional(),
});
export type RedInsightFilter = z.infer<typeof redInsightFilterSchema>;
export const RED_ARTICLE_SORTS = ['published', 'interactions'] as const;
export const redArticleListQuerySchema = redInsightFilterSchema.extend({
  sort: z.enum(RED_ARTICLE_SORTS).default('published'),
  page_index: pageIndex,
  page_size: pageSize,
});
export type RedArticleListQuery = z.infer<typeof redArticleListQuerySchema>;

export const redArticleSchema = z.object({
  note_id: z.string(),
  title: z.string(),
  author: z.string(),
  sentiment: z.enum(RED_SENTIMENTS),
  brands: z.array(z.string()),
  products: z.array(z.string()),
  interactions: z.number(),
  likes: z.number(),
  collects: z.number(),
  comments: z.number(),
  shares: z.number(),
  image_count: z.number(),
  topics: z.array(z.string()),
  published_at: z.string(),
  link: z.string(),
  is_sample: z.boolean(),
  collected: z.boolean(),
});
export type RedArticle = z.infer<typeof redArticleSchema>;
export const redArticleListSchema = z.object({ list: z.array(redArticleSchema), total: z.number() });
export type RedArticleList = z.infer<typeof redArticleListSchema>;

export const redArticleTotalSchema = z.object({
  total: z.number(),
  interactions: z.number(),
  likes: z.number(),
  collects: z.number(),
  comments: z.number(),
  shares: z.number(),
  /** Notes in the period of the same length just before. */
  previous_total: z.number(),
  trend: z.array(z.object({ date: z.string(), count: z.number(), interactions: z.number() })),
  start: z.string(),
  end: z.string(),
});
export type RedArticleTotal = z.infer<typeof redArticleTotalSchema>;

export const redSceneInsightSchema = z.object({
  scenes: z.array(
    z.object({
      scene: z.string(),
      note_count: z.number(),
      share: z.number(),
      positive: z.number(),
      negative: z.number(),
      keywords: z.array(z.string()),
    }),
  ),
  keywords: z.array(z.object({ word: z.string(), weight: z.number() })),
});
export type RedSceneInsight = z.infer<typeof redSceneInsightSchema>;

export const redSentimentAnalysisSchema = z.object({
  positive: z.number(),
  neutral: z.number(),
  negative: z.number(),
  trend: z.array(z.object({ date: z.string(), positive: z.number(), neutral: z.number(), negative: z.number() })),
});
export type RedSentimentAnalysis = z.infer<typeof redSentimentAnalysisSchema>;

export const redSentimentDetailQuerySchema = redInsightFilterSchema.extend({
  polarity: z.enum(['positive', 'negative'], '情感只能是 positive 或 negative').default('negative'),
  page_index: pageIndex,
  page_size: pageSize,
});
export const redSentenceSchema = z.object({
  text: z.string(),
  polarity: z.enum(RED_SENTIMENTS),
  score: z.number(),
  /** The lexicon words that decided it, so a reader can judge the score. */
  cues: z.array(z.string()),
});
export type RedSentence = z.infer<typeof redSentenceSchema>;
export const redSentimentDetailSchema = z.object({
  list: z.array(
    z.object({
      note_id: z.string(),
      title: z.string(),
      brands: z.array(z.string()),
      published_at: z.string(),
      sentence: redSentenceSchema,
    }),
  ),
  total: z.number(),
});
export type RedSentimentDetail = z.infer<typeof redSentimentDetailSchema>;

const shareRow = z.object({ name: z.string(), high: z.number(), all: z.number() });
export const redHighQualitySchema = z.object({
  /** Interactions a note needs to count as high-performing (the top tenth of the selection). */
  threshold: z.number(),
  high_count: z.number(),
  total: z.number(),
  avg: z.object({
    title_length: shareRow.omit({ name: true }),
    content_length: shareRow.omit({ name: true }),
    image_count: shareRow.omit({ name: true }),
  }),
  title_patterns: z.array(shareRow),
  hours: z.array(z.object({ hour: z.number(), high: z.number(), all: z.number() })),
  topics: z.array(z.object({ topic: z.string(), count: z.number() })),
});
export type RedHighQuality = z.infer<typeof redHighQualitySchema>;

export const redArticleSelectListSchema = z.object({
  projects: z.array(
    z.object({
      project_id: z.number(),
      name: z.string(),
      brands: z.array(z.object({ brand_id: z.number(), name: z.string() })),
    }),
  ),
  sentiments: z.array(z.object({ value: z.enum(RED_SENTIMENTS), label: z.string() })),
  sorts: z.array(z.object({ value: z.enum(RED_ARTICLE_SORTS), label: z.string() })),
});
export type RedArticleSelectList = z.infer<typeof redArticleSelectListSchema>;

export const redCollectSchema = z.object({
  note_id: text(128, '笔记ID').min(1, '笔记ID不能为空'),
  collect: z.boolean().default(true),
});
export const redCollectResultSchema = z.object({ note_id: z.string(), collected: z.boolean() });
export const redCollectionListQuerySchema = z.object({ page_index: pageIndex, page_size: pageSize });
export const redCollectionListSchema = z.object({
  list: z.array(redArticleSchema.extend({ collected_at: z.string() })),
  total: z.number(),
});
export type RedCollectionList = z.infer<typeof redCollectionListSchema>;

/** One thing a note judges (保湿, 价格, 服务) with its polarity and the words that say so. */
export const redAspectSchema = z.object({
  aspect: z.string(),
  polarity: z.enum(RED_SENTIMENTS),
  text: z.string(),
});
export type RedAspect = z.infer<typeof redAspectSchema>;
/**
 * What a configured model found in a note, stored once per note: its verdict (which then is the
 * note's sentiment), the aspects it judges and its scenes; `failed` when the model's reply could not
 * be read (the note is not asked again).
 */
export const redModelAnalysisSchema = z.object({
  model: z.string(),
  sentiment: z.enum(RED_SENTIMENTS).optional(),
  aspects: z.array(redAspectSchema).default([]),
  scenes: z.array(z.string()).default([]),
  failed: z.boolean().optional(),
});
export type RedModelAnalysis = z.infer<typeof redModelAnalysisSchema>;

export const redNoteQuerySchema = z.object({ note_id: text(128, '笔记ID').min(1, '笔记ID不能为空') });
export const redNoteDetailSchema = redArticleSchema.extend({
  content: z.string(),
  sentiment_score: z.number(),
  sentences: z.array(redSentenceSchema),
  scenes: z.array(z.string()),
  keywords: z.array(z.string()),
  source: z.string(),
  mentions: z.array(z.object({ project: z.string(), brand: z.string(), product: z.string().nullable() })),
  /** Aspects judged, as a configured model found them (empty without one). */
  aspects: z.array(redAspectSchema),
  /** The model whose verdict the sentiment is; null when it is the offline analysis'. */
  analysed_by: z.string().nullable(),
});
export type RedNoteDetail = z.infer<typeof redNoteDetailSchema>;

// ---- hot topics ----

export const redTopicTypeListSchema = z.array(z.object({ id: z.string(), name: z.string() }));
export const redStatisticsTimeListSchema = z.array(z.object({ id: z.string(), name: z.string() }));
const windowId = z.enum(RED_RANK_WINDOWS.map((w) => w.id) as [RedRankWindowId, ...RedRankWindowId[]], '时间范围无效');
export const redTopicListQuerySchema = z.object({
  sort: z.enum(['hot', 'newest'], '排序只能是 hot 或 newest').default('hot'),
  time: windowId.default('7d'),
  /** A category id from topic_type_list; absent or "all" for every note. */
  type: z.string().max(20).optional(),
  page_index: pageIndex,
  page_size: pageSize,
});
export type RedTopicListQuery = z.infer<typeof redTopicListQuerySchema>;
export const redTopicSchema = z.object({
  topic: z.string(),
  heat: z.number(),
  note_count: z.number(),
  interactions: z.number(),
  /** Change of weighted interactions against the window before, as a ratio (1 = doubled). */
  growth: z.number(),
  first_seen: z.string(),
});
export type RedTopic = z.infer<typeof redTopicSchema>;
export const redTopicListSchema = z.object({ list: z.array(redTopicSchema), total: z.number() });
export type RedTopicList = z.infer<typeof redTopicListSchema>;
export const redTopicDetailQuerySchema = z.object({
  topic: text(100, '话题').min(1, '话题不能为空'),
  time: windowId.default('7d'),
});
export const redTopicDetailSchema = z.object({
  topic: z.string(),
  trend: z.array(z.object({ date: z.string(), note_count: z.number(), interactions: z.number() })),
  notes: z.array(redArticleSchema),
});
export type RedTopicDetail = z.infer<typeof redTopicDetailSchema>;

// ---- import ----

export const RED_IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type RedImportColumn = (typeof RED_IMPORT_COLUMNS)[number];
/** The fields of a note as the import screen names them. */
export const RED_IMPORT_FIELD_LABELS: Readonly<Record<RedImportColumn, string>> = {
  note_id: '笔记ID',
  title: '标题',
  content: '正文',
  author: '作者',
  published_at: '发布时间',
  likes: '点赞数',
  collects: '收藏数',
  comments: '评论数',
  shares: '分享数',
  topics: '话题',
  image_count: '图片数',
  link: '链接',
};
/** Fields every row needs; the others may be left without a column. */
export const RED_IMPORT_REQUIRED: readonly RedImportColumn[] = ['note_id', 'published_at'];
/**
 * Which column of the file holds each field (a header name, or a key of the JSON lines); null
 * leaves the field empty. A field not listed is read from the column of its own name.
 */
export const redImportMappingSchema = z.partialRecord(
  z.enum(RED_IMPORT_COLUMNS, '未知的字段'),
  z.string().max(200, '列名不能超过200个字').nullable(),
);
export type RedImportMapping = z.infer<typeof redImportMappingSchema>;
export const redImportStartSchema = z.object({ job_id: z.string() });
export const redImportFieldsSchema = z.object({
  source: text(50, '来源').optional(),
  /** The column mapping as JSON text (redImportMappingSchema); columns by field name without it. */
  mapping: z.string().max(20_000, '列映射过长').optional(),
});
/** `POST /api/red/admin/import/preview` (multipart `file`, a text file's first part is enough). */
export const redImportPreviewSchema = z.object({
  format: z.enum(['csv', 'jsonl', 'xlsx']),
  columns: z.array(z.string()),
  /** The first data rows, each cell as text, in the order of `columns`. */
  rows: z.array(z.array(z.string())),
  /** The columns the server would read each field from: its own name, or a name data vendors use. */
  mapping: redImportMappingSchema,
});
export type RedImportPreview = z.infer<typeof redImportPreviewSchema>;
export const redImportStatusQuerySchema = z.object({ job_id: text(64, '任务ID').min(1, '任务ID不能为空') });
export const redImportStatusSchema = z.object({
  job_id: z.string(),
  status: z.enum(RED_IMPORT_STATES),
  source: z.string(),
  file_name: z.string(),
  /** Data rows the file holds, when known before reading (text files); the progress bar's end. */
  expected: z.number().nullable(),
  /** Rows read so far. */
  total: z.number(),
  imported: z.number(),
  duplicates: z.number(),
  failed: z.number(),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
  message: z.string().nullable(),
});
export type RedImportStatus = z.infer<typeof redImportStatusSchema>;

/** One note as a source pushes it (and as a JSONL line carries it). */
export const redPushNoteSchema = z.record(z.string(), z.unknown());
export const redPushBodySchema = z.object({
  notes: z.array(redPushNoteSchema).min(1, '至少推送一条笔记').max(1000, '每次最多推送1000条笔记'),
});
export const redPushQuerySchema = z.object({ source: text(50, '来源').min(1, '来源不能为空') });
export const redPushResultSchema = z.object({
  imported: z.number(),
  duplicates: z.number(),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
});
export type RedPushResult = z.infer<typeof redPushResultSchema>;
