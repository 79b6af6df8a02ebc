/** Business constants of section 9. */
import { MODULES, modulesOfFamily, type ModuleOfFamily } from './modules';

/** Where a chat model's message calls go: `/api/{api}/message/…` (the chat modules' API prefixes). */
export type ChatMessageApi = (typeof MODULES)[ModuleOfFamily<'chat'>]['prefixes'][number];
export const CHAT_MESSAGE_APIS = modulesOfFamily('chat').flatMap(
  (module) => MODULES[module].prefixes,
) as ChatMessageApi[];
/** How an answer reaches the browser: an event stream, or an asynchronous answer that it polls. */
export const ANSWER_TRANSPORTS = ['stream', 'poll'] as const;
export type AnswerTransport = (typeof ANSWER_TRANSPORTS)[number];

export interface ModelOption {
  id: number;
  label: string;
  /** Prefix of the model's message calls (conversation calls stay on the module's own prefix). */
  api: ChatMessageApi;
  transport: AnswerTransport;
  /** The model thinks aloud before it answers (shown as a reasoning block). */
  reasoning: boolean;
}
export interface TemperatureRange {
  min: number;
  max: number;
  step: number;
  default: number;
}
export interface ChatModuleSpec {
  models: readonly ModelOption[];
  defaultModel: number;
  temperature: TemperatureRange;
  /**
   * The module answers from a web search: asks carry a reply language (`lang`) and a search
   * scope (`enableMix`), answers carry numbered citations.
   */
  webSearch: boolean;
}

/** The chat modules: the table's modules of the `chat` family, in table order. */
export const CHAT_MODULES = modulesOfFamily('chat');
export type ChatModule = ModuleOfFamily<'chat'>;

/** Each chat module's models and settings (a module of the family without an entry fails to compile). */
export const chatModels = {
  chatgpt: {
    models: [
      { id: 0, label: 'GPT-3.5', api: 'chatgpt', transport: 'stream', reasoning: false },
      { id: 100, label: 'GPT-4.0', api: 'chatgpt', transport: 'stream', reasoning: false },
      { id: 120, label: 'GPT-4o', api: 'chatgpt', transport: 'stream', reasoning: false },
      { id: 200, label: 'ERNIE 4.0', api: 'ernie', transport: 'poll', reasoning: false },
      { id: 300, label: 'GLM-4', api: 'zhipu', transport: 'stream', reasoning: false },
    ],
    defaultModel: 100,
    temperature: { min: 0, max: 2, step: 0.1, default: 1 },
    webSearch: false,
  },
  deepseek: {
    models: [
      { id: 0, label: 'DeepSeek-V3', api: 'deepseek', transport: 'stream', reasoning: false },
      { id: 1, label: 'DeepSeek-R1', api: 'deepseek', transport: 'stream', reasoning: true },
    ],
    defaultModel: 0,
    temperature: { min: 0.05, max: 1, step: 0.05, default: 0.95 },
    webSearch: false,
  },
  metaso: {
    models: [
      { id: 0, label: 'metaLLM', api: 'metaso', transport: 'stream', reasoning: false },
      { id: 1, label: 'metaso-dsr1', api: 'metaso', transport: 'stream', reasoning: true },
    ],
    defaultModel: 1,
    temperature: { min: 0, max: 2, step: 0.1, default: 1 },
    webSearch: true,
  },
} as const satisfies Record<ChatModule, ChatModuleSpec>;

/** A chat module's model entry by id; undefined for an unknown id. */
export function chatModel(module: ChatModule, modelType: number): ModelOption | undefined {
  const models: readonly ModelOption[] = chatModels[module].models;
  return models.find((m) => m.id === modelType);
}

/** The chat module and model whose message calls go to `/api/{api}` (each api has one module). */
export function chatModuleOfApi(api: ChatMessageApi): ChatModule {
  const found = CHAT_MODULES.find((module) => chatModels[module].models.some((m) => m.api === api));
  if (!found) throw new Error(`no chat module answers on ${api}`);
  return found;
}

/** Message APIs of a chat module: its own prefix first, then those of its other models. */
export function chatMessageApis(module: ChatModule): ChatMessageApi[] {
  const apis: ChatMessageApi[] = [];
  for (const m of chatModels[module].models as readonly ModelOption[]) if (!apis.includes(m.api)) apis.push(m.api);
  return apis;
}

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
