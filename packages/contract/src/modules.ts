/**
 * The module table: every module of the portal in one place. Module type numbers, the rights
 * gate's prefix → app-key map, page titles, quota keys and the web route list derive from it, so
 * adding a module starts with one row here.
 */

export const MODULE_KINDS = ['chat', 'session', 'tool', 'embedded'] as const;
/**
 * chat: conversations with a model picker (chatgpt, deepseek, metaso); session: prompt sessions
 * with a welcome page (brainstorm, insight, pdf, report, marketing); tool: a workbench of its own
 * (red, addbg, midjourney); embedded: another application shown in a frame.
 */
export type ModuleKind = (typeof MODULE_KINDS)[number];

export const MODULE_FAMILIES = ['chat', 'sessions', 'report', 'marketing', 'embedded', 'addbg'] as const;
/**
 * The module folder that serves a module on both sides (`apps/server/src/modules/<family>`,
 * `apps/web/src/features/<family>`): one family may serve several modules of the table (the chat
 * models, the session tools). Modules without one are served elsewhere.
 */
export type ModuleFamily = (typeof MODULE_FAMILIES)[number];

export interface ModuleEntry {
  /** Module type number of section 3, sent as `type` with conversation and feedback calls. */
  readonly type?: number;
  /** Every `/api/{prefix}` whose calls need this module's app right. */
  readonly prefixes: readonly string[];
  /** The catalogue app whose right opens the module. */
  readonly appKey: string;
  /** Module title of section 2 (welcome page, document title when the catalogue has no name). */
  readonly title: string;
  /** What the module does, in one line, for people who have not signed in yet (the public page). */
  readonly summary?: string;
  /** Title of the session page when it differs from `title`. */
  readonly sessionTitle?: string;
  readonly kind: ModuleKind;
  /** The module folder serving it; see ModuleFamily. */
  readonly family?: ModuleFamily;
  /** Top-level web route; modules without one have no page of their own. */
  readonly path?: string;
  /** Key of the per-user ask quota; absent where nothing is counted. */
  readonly quotaKey?: string;
}

export const MODULES = {
  chatgpt: {
    type: 2,
    // ERNIE and GLM are models of the chatgpt module with their own message paths.
    prefixes: ['chatgpt', 'ernie', 'zhipu'],
    appKey: 'chatgpt',
    title: 'ChatGPT',
    summary: '写作、翻译、总结、编程的通用对话助手',
    kind: 'chat',
    family: 'chat',
    path: '/chatgpt',
    quotaKey: 'chatgpt',
  },
  deepseek: {
    type: 10,
    prefixes: ['deepseek'],
    appKey: 'deepseek',
    title: 'DeepSeek',
    summary: '擅长推理与中文写作的对话模型',
    kind: 'chat',
    family: 'chat',
    path: '/deepseek',
    quotaKey: 'deepseek',
  },
  metaso: {
    type: 11,
    prefixes: ['metaso'],
    appKey: 'metaso',
    title: '智能搜索助手',
    summary: '联网搜索，回答附带来源',
    kind: 'chat',
    family: 'chat',
    path: '/metaso',
    quotaKey: 'metaso',
  },
  // 智能搜索助手's research mode: its runs are calls of the search service (/search-api, not /api),
  // counted apart from the chat's asks because one run costs many of them.
  research: {
    prefixes: [],
    appKey: 'metaso',
    title: '智能搜索助手·研究模式',
    kind: 'tool',
    quotaKey: 'research',
  },
  // The image chat: its calls live under the chatgpt prefix (mjAsk, mj/…) and its page is the
  // chatgpt app's /chatgpt/image, so it has no route or prefix of its own.
  midjourney: { type: 1, prefixes: [], appKey: 'chatgpt', title: 'Midjourney', kind: 'tool' },
  brainstorm: {
    type: 3,
    prefixes: ['brainstorm'],
    appKey: 'brainstorm',
    title: '创意头脑风暴',
    summary: '多种发散方法一起想点子，整理成思维导图',
    kind: 'session',
    family: 'sessions',
    path: '/brainstorm',
    quotaKey: 'brainstorm',
  },
  insight: {
    type: 4,
    prefixes: ['insight'],
    appKey: 'insight',
    title: '用户感性洞察',
    summary: '从用户原声中归纳情绪、痛点与需求',
    sessionTitle: '用户感性洞察',
    kind: 'session',
    family: 'sessions',
    path: '/insight',
    quotaKey: 'insight',
  },
  pdf: {
    type: 5,
    prefixes: ['pdf'],
    appKey: 'pdf',
    title: 'PDF文档分析',
    summary: '对 PDF 提问，回答标注页码，点击即看原文',
    kind: 'session',
    family: 'sessions',
    path: '/pdf',
    quotaKey: 'pdf',
  },
  report: {
    type: 6,
    prefixes: ['report'],
    appKey: 'report',
    title: '行业分析报告',
    summary: '基于行业报告原文问答、生成简报与对比',
    sessionTitle: '会话-行业分析报告',
    kind: 'session',
    family: 'report',
    path: '/report',
    quotaKey: 'report',
  },
  marketing: {
    type: 7,
    prefixes: ['marketing'],
    appKey: 'marketing',
    title: '案例分析',
    summary: '按固定框架拆解营销案例，收藏与对比',
    kind: 'session',
    family: 'marketing',
    path: '/marketing',
    quotaKey: 'marketing',
  },
  red: {
    prefixes: ['red'],
    appKey: 'red',
    title: '社媒洞察',
    summary: '社媒笔记的热点、情绪与话题洞察',
    kind: 'tool',
    path: '/red',
  },
  addbg: {
    prefixes: ['addbg'],
    appKey: 'addbg',
    title: '图片设计',
    summary: '商品抠图、换背景，生成商品图',
    kind: 'tool',
    family: 'addbg',
    path: '/addbg',
  },
  stablediffusion: {
    // The spec's designer calls live under the Stable Diffusion app; getSDWebUICode serves both
    // embedded tools and needs only the right of the one it is asked for (its route says so).
    prefixes: ['stablediffusion', 'designer'],
    appKey: 'stablediffusion',
    title: 'Stable Diffusion',
    summary: '在门户内使用 Stable Diffusion 绘图',
    kind: 'embedded',
    family: 'embedded',
    path: '/stablediffusion',
  },
  comfyui: {
    prefixes: ['comfyui'],
    appKey: 'comfyui',
    title: 'ComfyUI',
    summary: '在门户内使用 ComfyUI 工作流',
    kind: 'embedded',
    family: 'embedded',
    path: '/comfyui',
  },
} as const satisfies Record<string, ModuleEntry>;

type Table = typeof MODULES;
/** Every module's name (also its web route name). */
export type ModuleName = keyof Table;
export const MODULE_NAMES = Object.keys(MODULES) as ModuleName[];

/** Looks a module up by name; undefined for anything else. */
export function moduleEntry(name: string): ModuleEntry | undefined {
  return Object.hasOwn(MODULES, name) ? (MODULES as Record<string, ModuleEntry>)[name] : undefined;
}

/** The modules a family serves. */
export type ModuleOfFamily<F extends ModuleFamily> = {
  [K in ModuleName]: Table[K] extends { family: F } ? K : never;
}[ModuleName];

/** The modules a family serves, in table order. */
export function modulesOfFamily<F extends ModuleFamily>(family: F): ModuleOfFamily<F>[] {
  return MODULE_NAMES.filter((name) => (MODULES[name] as ModuleEntry).family === family) as ModuleOfFamily<F>[];
}

/** Modules that have a type number of section 3. */
export type TypedModuleName = { [K in ModuleName]: Table[K] extends { type: number } ? K : never }[ModuleName];

/** Modules whose asks are counted against a per-user quota (the usage table's `module`). */
export type CountedModuleName = { [K in ModuleName]: Table[K] extends { quotaKey: string } ? K : never }[ModuleName];

/** Module type numbers of section 3. */
export const ModuleType = Object.fromEntries(
  MODULE_NAMES.flatMap((name) => {
    const entry: ModuleEntry = MODULES[name];
    return entry.type === undefined ? [] : [[name, entry.type]];
  }),
) as { readonly [K in TypedModuleName]: Table[K] extends { type: infer T } ? T : never };

/** Every module API prefix. */
export type ModulePrefix = Table[ModuleName]['prefixes'][number];
/** Every catalogue app key a module needs. */
export type ModuleAppKey = Table[ModuleName]['appKey'];

/**
 * Every module API prefix and the app key whose right it needs. The server enforces it on
 * every request under the prefix; the browser guard only mirrors it.
 */
export const apiPrefixAppKey = Object.fromEntries(
  MODULE_NAMES.flatMap((name) => MODULES[name].prefixes.map((prefix) => [prefix, MODULES[name].appKey])),
) as Readonly<Record<ModulePrefix, ModuleAppKey>>;

/** Module titles by name (welcome page, document title when the catalogue has no name). */
export const moduleTitleByName = Object.fromEntries(
  MODULE_NAMES.map((name) => [name, MODULES[name].title]),
) as Readonly<Record<ModuleName, string>>;

/** Title of a module's session page. */
export function moduleSessionTitle(name: ModuleName): string {
  const entry: ModuleEntry = MODULES[name];
  return entry.sessionTitle ?? entry.title;
}

/** Modules whose asks are counted, and the quota key each counts under. */
export const moduleQuotaKeys = Object.fromEntries(
  MODULE_NAMES.flatMap((name) => {
    const entry: ModuleEntry = MODULES[name];
    return entry.quotaKey === undefined ? [] : [[name, entry.quotaKey]];
  }),
) as Readonly<Partial<Record<ModuleName, string>>>;

export interface ModuleRoute {
  /** Route name: the module name, which the guard checks as the app key. */
  name: ModuleName;
  path: string;
  appKey: string;
  kind: ModuleKind;
  /** The module folder serving its pages, if any (see ModuleFamily). */
  family?: ModuleFamily;
  title: string;
  sessionTitle: string;
  /** One line for the public page. */
  summary?: string;
}

/** Top-level web routes of the modules that have a page. */
export const MODULE_ROUTES: readonly ModuleRoute[] = MODULE_NAMES.flatMap((name) => {
  const entry: ModuleEntry = MODULES[name];
  return entry.path === undefined
    ? []
    : [
        {
          name,
          path: entry.path,
          appKey: entry.appKey,
          kind: entry.kind,
          ...(entry.family && { family: entry.family }),
          title: entry.title,
          sessionTitle: entry.sessionTitle ?? entry.title,
          ...(entry.summary && { summary: entry.summary }),
        },
      ];
});

/** Routes reachable without signing in (guard rule 1). */
export const PUBLIC_ROUTE_NAMES = ['login', 'preview', 'root', 'dev', 'prompt'] as const;
/** Routes exempt from the per-app check (guard rule 2). */
export const ROLE_EXEMPT_ROUTE_NAMES = ['home', 'landing', 'dev', 'metaso', 'admin', ...PUBLIC_ROUTE_NAMES] as const;

export const TYPE_TAGS = ['国内业务', '全球业务', '通用工具'] as const;
export type TypeTag = (typeof TYPE_TAGS)[number];

/** Every distinct quota key of the table, in table order (what a quota rule may name). */
export const QUOTA_KEYS = [...new Set(Object.values(moduleQuotaKeys))] as readonly string[];
