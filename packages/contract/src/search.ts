import { z } from 'zod';
import { SEARCH_SESSION_PAGE_SIZE } from './constants';
import { endpoint } from './endpoint';

/**
 * The search service (section 7): its own base path (`searchApiDomain` in the runtime config,
 * `/search-api/` by default), its own bearer token (`x-search-token`), and `domain: "mind"` on
 * every call — in the query of GET calls and of `session/edit` (whose body is a list), in the body
 * of the other POST calls.
 */
export const SEARCH_API_BASE = '/search-api';
export const SEARCH_DOMAIN = 'mind';
/** The app the portal's research mode runs under. */
export const SEARCH_APP_DOI = 'metaso';

const noNul = (s: string) => !s.includes('\0');
const text = (max: number) => z.string().trim().max(max).refine(noNul, '不能包含空字符');
const id = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, '格式不正确');

export const searchDomainSchema = z.literal(SEARCH_DOMAIN, { error: 'domain 必须为 mind' });
const withDomain = { domain: searchDomainSchema };

export const SEARCH_WORKFLOW_KINDS = ['quick', 'deep', 'docs'] as const;
export type SearchWorkflowKind = (typeof SEARCH_WORKFLOW_KINDS)[number];

export const SEARCH_STEP_NAMES = ['plan', 'search', 'read', 'summary', 'mind'] as const;
export type SearchStepName = (typeof SEARCH_STEP_NAMES)[number];
/** Step titles shown in the research view. */
export const SEARCH_STEP_TITLES: Record<SearchStepName, string> = {
  plan: '规划检索',
  search: '搜索',
  read: '阅读来源',
  summary: '撰写总结',
  mind: '生成脑图',
};

export const SEARCH_EXECUTION_STATUSES = ['running', 'waiting', 'done', 'interrupted', 'failed'] as const;
export type SearchExecutionStatus = (typeof SEARCH_EXECUTION_STATUSES)[number];
export const SEARCH_STEP_STATUSES = ['pending', 'running', 'done', 'skipped', 'interrupted', 'failed'] as const;
export type SearchStepStatus = (typeof SEARCH_STEP_STATUSES)[number];

// ---- auth ----
export const searchLoginRequestSchema = z.object({
  mobile: text(40),
  name: text(100),
  avatar_url: text(2000).optional().default(''),
  ...withDomain,
});
export const searchLoginResponseSchema = z.object({ token: z.string(), expire_at: z.number().int() });

// ---- sessions ----
export const searchSessionSchema = z.object({
  session_id: z.string(),
  session_name: z.string(),
  exec_id: z.string().nullable(),
  app_doi: z.string(),
  create_time: z.number().int(),
  update_time: z.number().int(),
});
export type SearchSession = z.infer<typeof searchSessionSchema>;

export const searchSessionListQuerySchema = z.object({
  app_dois_str: text(500).default(SEARCH_APP_DOI),
  page_index: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(SEARCH_SESSION_PAGE_SIZE).default(SEARCH_SESSION_PAGE_SIZE),
  ...withDomain,
});
export const searchSessionListResponseSchema = z.object({
  session_list: z.array(searchSessionSchema),
  total: z.number().int(),
});

export const searchSessionAddRequestSchema = z.object({
  app_doi: text(64).min(1),
  session_name: text(100).optional(),
  ...withDomain,
});
export const searchSessionAddResponseSchema = z.object({ session_id: z.string(), session_name: z.string() });

export const searchSessionEditRequestSchema = z
  .array(z.object({ session_id: id, session_name: text(100).min(1, '会话名称不能为空') }))
  .min(1)
  .max(100);
export const searchDomainQuerySchema = z.object(withDomain);
export const searchSessionIdQuerySchema = z.object({ session_id: id, ...withDomain });

export const searchHistoryMessageSchema = z.object({
  message_id: z.string(),
  message_content: z.string(),
  initiator_type: z.enum(['USER', 'SYS']),
  session_id: z.string(),
  exec_id: z.string().nullable(),
  create_time: z.number().int(),
  delete_status: z.literal('NORMAL'),
});
export type SearchHistoryMessage = z.infer<typeof searchHistoryMessageSchema>;
export const searchHistoryResponseSchema = z.object({ list: z.array(searchHistoryMessageSchema) });

// ---- apps and workflows ----
export const searchWorkflowSchema = z.object({
  workflow_id: z.string(),
  name: z.string(),
  kind: z.enum(SEARCH_WORKFLOW_KINDS),
  description: z.string(),
  steps: z.array(z.enum(SEARCH_STEP_NAMES)),
});
export type SearchWorkflow = z.infer<typeof searchWorkflowSchema>;
export const searchWorkflowListQuerySchema = z.object({ app_doi: text(64).min(1), ...withDomain });
export const searchWorkflowListResponseSchema = z.object({
  app_id: z.string(),
  app_workflow_list: z.array(searchWorkflowSchema),
});

// ---- executions ----
export const searchInitQuerySchema = z.object({ session_id: id, app_id: id, workflow_id: id, ...withDomain });
export const searchInitResponseSchema = z.object({ execution_id: z.string() });

export const SEARCH_QUERY_MAX_CHARS = 500;
export const SEARCH_PLAN_MAX_QUERIES = 8;
export const searchRunStepRequestSchema = z.object({
  execution_id: id,
  query: text(SEARCH_QUERY_MAX_CHARS).min(1, '请输入要研究的问题').optional(),
  /** The plan as the user edited it; taken only while the search has not run. */
  plan: z
    .array(text(200).min(1, '检索词不能为空'))
    .min(1, '至少保留一条检索词')
    .max(SEARCH_PLAN_MAX_QUERIES)
    .optional(),
  ...withDomain,
});
export const searchExecutionQuerySchema = z.object({ execution_id: id, ...withDomain });

export const searchStepSchema = z.object({
  name: z.enum(SEARCH_STEP_NAMES),
  title: z.string(),
  status: z.enum(SEARCH_STEP_STATUSES),
  output: z.string(),
});
export type SearchStep = z.infer<typeof searchStepSchema>;

/** The visible budget of a run: every run ends within it. */
export const searchBudgetSchema = z.object({
  max_seconds: z.number(),
  max_tokens: z.number().int(),
  max_pages: z.number().int(),
});
export const searchUsageSchema = z.object({
  seconds: z.number(),
  tokens: z.number().int(),
  pages: z.number().int(),
});

export const searchResultSchema = z.object({
  execution_id: z.string(),
  session_id: z.string(),
  workflow_id: z.string(),
  kind: z.enum(SEARCH_WORKFLOW_KINDS),
  status: z.enum(SEARCH_EXECUTION_STATUSES),
  query: z.string(),
  plan: z.array(z.string()),
  steps: z.array(searchStepSchema),
  budget: searchBudgetSchema,
  usage: searchUsageSchema,
  /** Why a run stopped early or degraded (budget used up, no model, restart). */
  note: z.string().nullable(),
  error: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchSourceSchema = z.object({
  index: z.number().int(),
  title: z.string(),
  url: z.string(),
  site: z.string(),
  snippet: z.string(),
  /** The passage of the page the summary drew on. */
  passage: z.string(),
  kind: z.enum(['web', 'doc']),
});
export type SearchSource = z.infer<typeof searchSourceSchema>;
export const searchSourceListSchema = z.object({ list: z.array(searchSourceSchema) });

export const searchCitationSchema = z.object({ index: z.number().int(), url: z.string(), title: z.string() });
export type SearchCitation = z.infer<typeof searchCitationSchema>;
export const searchSummarySchema = z.object({
  summary: z.string(),
  citations: z.array(searchCitationSchema),
  /** `extractive` when no model is configured: sentences taken from the sources as they are. */
  mode: z.enum(['model', 'extractive']),
});
export type SearchSummary = z.infer<typeof searchSummarySchema>;

export interface MindNode {
  title: string;
  children: MindNode[];
}
export const mindNodeSchema: z.ZodType<MindNode> = z.lazy(() =>
  z.object({ title: z.string(), children: z.array(mindNodeSchema) }),
);
export const searchMindNotesSchema = z.object({ root: mindNodeSchema, markdown: z.string() });

// ---- documents added to a session ----
export const searchDocParseRequestSchema = z
  .object({
    session_id: id,
    url: z
      .url({ protocol: /^https?$/, error: '网页地址无效' })
      .max(4096)
      .optional(),
    /** A file uploaded with POST /api/file/upload. */
    file_id: id.optional(),
    ...withDomain,
  })
  .refine((b) => Boolean(b.url) !== Boolean(b.file_id), { message: '请提供网页地址或文件之一', path: ['url'] });
export const searchParseInfoQuerySchema = z.object({ parse_id: id, ...withDomain });
export const searchParseInfoSchema = z.object({
  parse_id: z.string(),
  session_id: z.string(),
  kind: z.enum(['url', 'file']),
  title: z.string(),
  url: z.string().nullable(),
  status: z.enum(['queued', 'parsing', 'ocr', 'ready', 'failed']),
  reason: z.string().nullable(),
});
export type SearchParseInfo = z.infer<typeof searchParseInfoSchema>;

/** Events of `getStreamResponse`: `message` carries the execution as it stands, `finish` the last state. */
export const SEARCH_STREAM_EVENTS = { message: 'message', finish: 'finish', error: 'error' } as const;

const p = (path: string) => `${SEARCH_API_BASE}/${path}`;
const tag = 'search';

/** Every call of the search service; the paths are those of the default mount. */
export const searchEndpoints = {
  login: endpoint({
    method: 'POST',
    path: p('auth/loginByV1User'),
    summary:
      'Search token for the signed-in person (mobile and name must be theirs; mobile empty for an account without one)',
    tag,
    access: 'user',
    body: searchLoginRequestSchema,
    data: searchLoginResponseSchema,
  }),
  sessionList: endpoint({
    method: 'GET',
    path: p('session/listByDomain'),
    summary: 'The caller’s research sessions',
    tag,
    access: 'user',
    query: searchSessionListQuerySchema,
    data: searchSessionListResponseSchema,
  }),
  sessionAdd: endpoint({
    method: 'POST',
    path: p('session/addByApp'),
    summary: 'Adds a research session',
    tag,
    access: 'user',
    body: searchSessionAddRequestSchema,
    data: searchSessionAddResponseSchema,
  }),
  sessionEdit: endpoint({
    method: 'POST',
    path: p('session/edit'),
    summary: 'Renames sessions',
    tag,
    access: 'user',
    query: searchDomainQuerySchema,
    body: searchSessionEditRequestSchema,
    data: z.null(),
  }),
  sessionDel: endpoint({
    method: 'GET',
    path: p('session/del'),
    summary: 'Deletes a session with its executions',
    tag,
    access: 'user',
    query: searchSessionIdQuerySchema,
    data: z.null(),
  }),
  chatHistory: endpoint({
    method: 'GET',
    path: p('session/chatHistory'),
    summary: 'Questions and answers of a session',
    tag,
    access: 'user',
    query: searchSessionIdQuerySchema,
    data: searchHistoryResponseSchema,
  }),
  workflowList: endpoint({
    method: 'GET',
    path: p('app/appWorkflow/list'),
    summary: 'The app id and its workflows',
    tag,
    access: 'user',
    query: searchWorkflowListQuerySchema,
    data: searchWorkflowListResponseSchema,
  }),
  init: endpoint({
    method: 'GET',
    path: p('workflow/execute/init'),
    summary: 'Starts an execution of a workflow in a session',
    tag,
    access: 'user',
    query: searchInitQuerySchema,
    data: searchInitResponseSchema,
  }),
  runStep: endpoint({
    method: 'POST',
    path: p('workflow/execute/runStep'),
    summary: 'Runs the next step (the plan may be edited before the search)',
    tag,
    access: 'user',
    body: searchRunStepRequestSchema,
    data: searchResultSchema,
  }),
  stream: endpoint({
    method: 'GET',
    path: p('workflow/execute/getStreamResponse'),
    summary: 'Streams the execution’s steps as they change (event stream)',
    tag,
    access: 'user',
    query: searchExecutionQuerySchema,
    reply: 'event-stream',
    data: searchResultSchema,
  }),
  result: endpoint({
    method: 'GET',
    path: p('workflow/execute/getResult'),
    summary: 'The execution’s status and steps',
    tag,
    access: 'user',
    query: searchExecutionQuerySchema,
    data: searchResultSchema,
  }),
  interrupt: endpoint({
    method: 'GET',
    path: p('workflow/execute/interrupt'),
    summary: 'Stops an execution, on whichever replica runs it',
    tag,
    access: 'user',
    query: searchExecutionQuerySchema,
    data: searchResultSchema,
  }),
  sources: endpoint({
    method: 'GET',
    path: p('search/info/source'),
    summary: 'The sources fetched and stored with an execution',
    tag,
    access: 'user',
    query: searchExecutionQuerySchema,
    data: searchSourceListSchema,
  }),
  summary: endpoint({
    method: 'GET',
    path: p('search/summary/result'),
    summary: 'The summary with numbered citations',
    tag,
    access: 'user',
    query: searchExecutionQuerySchema,
    data: searchSummarySchema,
  }),
  mindNotes: endpoint({
    method: 'GET',
    path: p('mindnotes/getByExecutionId'),
    summary: 'The mind map of an execution as a tree',
    tag,
    access: 'user',
    query: searchExecutionQuerySchema,
    data: searchMindNotesSchema,
  }),
  docParse: endpoint({
    method: 'POST',
    path: p('search/doc/parse'),
    summary: 'Adds a web page or an uploaded file to a session as a source',
    tag,
    access: 'user',
    body: searchDocParseRequestSchema,
    data: searchParseInfoSchema,
  }),
  docParseInfo: endpoint({
    method: 'GET',
    path: p('search/doc/parse/info'),
    summary: 'Parse status of a page or file added to a session',
    tag,
    access: 'user',
    query: searchParseInfoQuerySchema,
    data: searchParseInfoSchema,
  }),
};
