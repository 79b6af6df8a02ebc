/** Module type numbers of section 3. */
export const ModuleType = {
  midjourney: 1,
  chatgpt: 2,
  brainstorm: 3,
  insight: 4,
  pdf: 5,
  report: 6,
  marketing: 7,
  deepseek: 10,
  metaso: 11,
} as const;
export type ModuleName = keyof typeof ModuleType;

/**
 * Every module API prefix and the app key whose right it needs. The server enforces it on
 * every request under the prefix; the browser guard only mirrors it.
 */
export const apiPrefixAppKey = {
  chatgpt: 'chatgpt',
  deepseek: 'deepseek',
  metaso: 'metaso',
  brainstorm: 'brainstorm',
  insight: 'insight',
  pdf: 'pdf',
  report: 'report',
  marketing: 'marketing',
  red: 'red',
  addbg: 'addbg',
  designer: 'stablediffusion',
  stablediffusion: 'stablediffusion',
  comfyui: 'comfyui',
} as const;
export type ModulePrefix = keyof typeof apiPrefixAppKey;

/** Routes reachable without signing in (guard rule 1). */
export const PUBLIC_ROUTE_NAMES = ['login', 'preview', 'root', 'dev', 'prompt'] as const;
/** Routes exempt from the per-app check (guard rule 2). */
export const ROLE_EXEMPT_ROUTE_NAMES = ['home', 'landing', 'dev', 'metaso', 'admin', ...PUBLIC_ROUTE_NAMES] as const;

export const TYPE_TAGS = ['国内业务', '全球业务', '通用工具'] as const;
export type TypeTag = (typeof TYPE_TAGS)[number];
