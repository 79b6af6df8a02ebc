/** Business constants of section 9. */

export interface ModelOption {
  id: number;
  label: string;
}
export interface TemperatureRange {
  min: number;
  max: number;
  step: number;
  default: number;
}

export const chatModels = {
  chatgpt: {
    models: [
      { id: 0, label: 'GPT-3.5' },
      { id: 100, label: 'GPT-4.0' },
      { id: 120, label: 'GPT-4o' },
    ],
    defaultModel: 100,
    temperature: { min: 0, max: 2, step: 0.1, default: 1 },
  },
  deepseek: {
    models: [
      { id: 0, label: 'DeepSeek-V3' },
      { id: 1, label: 'DeepSeek-R1' },
    ],
    defaultModel: 0,
    temperature: { min: 0.05, max: 1, step: 0.05, default: 0.95 },
  },
  metaso: {
    models: [
      { id: 0, label: 'metaLLM' },
      { id: 1, label: 'metaso-dsr1' },
    ],
    defaultModel: 1,
    temperature: { min: 0, max: 2, step: 0.1, default: 1 },
  },
} as const satisfies Record<string, { models: ModelOption[]; defaultModel: number; temperature: TemperatureRange }>;
export type ChatModule = keyof typeof chatModels;
export const CHAT_MODULES = Object.keys(chatModels) as ChatModule[];

export const metasoLanguages = [
  { value: 0, label: '回复中文' },
  { value: 1, label: '回复英文' },
] as const;
export const metasoScopes = [
  { value: true, label: '全网及文献' },
  { value: false, label: '全网（不含文献）' },
] as const;
export const METASO_DEFAULT_LANG = 0;
export const METASO_DEFAULT_SCOPE = true;

export const DEFAULT_USAGE_COUNT = 9999;
export const IMAGE_DEFAULT_TOTAL = 100;
export const IMAGE_DEFAULT_REMAIN = 100;
export const SEARCH_SESSION_PAGE_SIZE = 100;
export const TOKEN_REFRESH_CAP = 20;
export const STREAM_RETRY_DELAY_MS = 1000;
export const QUEUED_ERROR_POLL_MS = 500;
export const DEFAULT_THROTTLE_MS = 500;
export const DEFAULT_DEBOUNCE_MS = 500;
export const DEFAULT_POLL_INTERVAL_MS = 2000;
export const IMAGE_UPLOAD_MAX_BYTES = 10_000_000;
export const IMAGE_PLACEHOLDER_BG = '#f6f7f7';

export const analyticsConstants = {
  concurrency: 4,
  serviceCycleTimeoutMs: 20_000,
  scrollDebounceMs: 3_000,
  activityThrottleMs: 2_000,
  schemaVersion: '1.1.0',
  appVersion: '1.6.0',
} as const;

export const progressBarSettings = {
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: false,
} as const;

/** Number display of section 9: 万 over 10,000, 亿 over 100,000,000. */
export function formatCount(n: number): string {
  const trim = (v: number) => String(Number(v.toFixed(1)));
  if (Math.abs(n) > 100_000_000) return `${trim(n / 100_000_000)}亿`;
  if (Math.abs(n) > 10_000) return `${trim(n / 10_000)}万`;
  return String(n);
}
