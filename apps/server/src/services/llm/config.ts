import { z } from 'zod';
import { chatModels, CHAT_MODULES, type ChatModule } from '@portal/contract';

const envVarName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name');
const headerName = z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'must be an HTTP header name');

/**
 * One OpenAI-compatible endpoint (OpenAI, Azure OpenAI v1, DeepSeek, Qwen, Ollama, vLLM…).
 * Secrets never live in the file: `apiKeyEnv` and `headersFromEnv` name environment variables.
 */
export const providerConfigSchema = z
  .object({
    baseUrl: z.url({ protocol: /^https?$/ }),
    apiKeyEnv: envVarName.optional(),
    /** Extra non-secret headers sent on every call, e.g. an organisation or routing header. */
    headers: z.record(headerName, z.string()).default({}),
    /** Secret headers whose values come from the environment, e.g. `{ "api-key": "AZURE_OPENAI_KEY" }`. */
    headersFromEnv: z.record(headerName, envVarName).default({}),
    /** Extra query parameters on every call, e.g. Azure's `api-version`. */
    query: z.record(z.string(), z.string()).default({}),
    /** Until the response headers arrive. */
    timeoutMs: z.number().int().positive().default(30_000),
    /** Without any streamed chunk for this long the call is aborted. */
    idleTimeoutMs: z.number().int().positive().default(60_000),
    /** Extra attempts after a connection failure or a 502/503/504, only before anything streamed. */
    retries: z.number().int().min(0).max(3).default(1),
    /** Ask for token usage in the last chunk (`stream_options.include_usage`). */
    streamUsage: z.boolean().default(true),
  })
  // Unknown keys are refused so that an inline `apiKey` or a typo fails loudly at start-up.
  .strict();
export type ProviderConfig = z.infer<typeof providerConfigSchema>;

export const modelTargetSchema = z
  .object({
    /** The name of an entry under `endpoints`. */
    provider: z.string().min(1),
    model: z.string().min(1),
    /** Reasoning models such as o1 reject a temperature; leave it out for them. */
    sendTemperature: z.boolean().default(true),
    maxTokens: z.number().int().positive().optional(),
    /** The model writes its reasoning inline as <think>…</think> at the start of the answer. */
    thinkTags: z.boolean().default(false),
  })
  .strict();
export type ModelTarget = z.infer<typeof modelTargetSchema>;

/** SearXNG's JSON API (`GET /search?format=json`); `json` must be enabled in its settings.yml. */
export const searxngConfigSchema = z
  .object({
    kind: z.literal('searxng'),
    baseUrl: z.url({ protocol: /^https?$/ }),
    headers: z.record(headerName, z.string()).default({}),
    headersFromEnv: z.record(headerName, envVarName).default({}),
    timeoutMs: z.number().int().positive().default(10_000),
    maxResults: z.number().int().min(1).max(20).default(8),
    /** 0 off, 1 moderate, 2 strict. */
    safesearch: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
    /** Categories for 全网及文献 (true) and 全网（不含文献） (false). */
    categories: z
      .object({ mix: z.string().default('general,science'), web: z.string().default('general') })
      .prefault({}),
    /** SearXNG language codes for 回复中文 (0) and 回复英文 (1). */
    languages: z.object({ zh: z.string().default('zh-CN'), en: z.string().default('en') }).prefault({}),
  })
  .strict();
export type SearxngConfig = z.infer<typeof searxngConfigSchema>;
export const searchConfigSchema = z.discriminatedUnion('kind', [searxngConfigSchema]);
export type SearchConfig = z.infer<typeof searchConfigSchema>;

/**
 * The model that turns passages and questions into vectors for document retrieval (an
 * OpenAI-compatible `/embeddings`); without it, retrieval is lexical only.
 */
export const embeddingsConfigSchema = z
  .object({
    /** The name of an entry under `endpoints`. */
    provider: z.string().min(1),
    model: z.string().min(1),
    /** Length of the model's vectors (e.g. 1536 for text-embedding-3-small, 1024 for bge-m3). */
    dimensions: z.number().int().min(1).max(16_000),
    /** Passages per request when a document is indexed. */
    batchSize: z.number().int().min(1).max(2_048).default(64),
  })
  .strict();
export type EmbeddingsConfig = z.infer<typeof embeddingsConfigSchema>;

export const chatLimitsSchema = z.object({
  maxPromptChars: z.number().int().positive().default(20_000),
  maxHistoryChars: z.number().int().positive().default(60_000),
});
export type ChatLimits = z.infer<typeof chatLimitsSchema>;

/** model_type id (as an object key) → the upstream model behind it. */
const moduleModelsSchema = z.record(z.string().regex(/^\d+$/), modelTargetSchema);

/** Per chat module of the contract's table (keyed by module name), the models behind its model_types. */
const chatModuleModelsSchema = z.object(
  Object.fromEntries(CHAT_MODULES.map((module) => [module, moduleModelsSchema.optional()])) as Record<
    ChatModule,
    z.ZodOptional<typeof moduleModelsSchema>
  >,
);

/**
 * The `providers` section of the server configuration: named endpoints, the model behind each
 * module's model_type (`provider` names an endpoint), the web search backend and size limits.
 * Everything that decides where a request goes comes from here; nothing in a chat request can change it.
 */
export const llmConfigSchema = z
  .object({
    endpoints: z.record(z.string().min(1), providerConfigSchema).default({}),
    models: chatModuleModelsSchema.strict().prefault({}),
    /**
     * Models behind a module's own tasks outside the chat modules (e.g. a session tool's),
     * keyed by task name; a task without one is answered by the demo model.
     */
    tasks: z.record(z.string().regex(/^[a-z][a-z0-9_-]*$/), modelTargetSchema).default({}),
    search: searchConfigSchema.optional(),
    embeddings: embeddingsConfigSchema.optional(),
    limits: chatLimitsSchema.prefault({}),
  })
  .strict()
  .superRefine((config, ctx) => {
    if (config.embeddings && !config.endpoints[config.embeddings.provider]) {
      ctx.addIssue({
        code: 'custom',
        path: ['embeddings', 'provider'],
        message: `provider "${config.embeddings.provider}" is not defined under endpoints`,
      });
    }
    for (const [task, target] of Object.entries(config.tasks)) {
      if (!config.endpoints[target.provider]) {
        ctx.addIssue({
          code: 'custom',
          path: ['tasks', task, 'provider'],
          message: `provider "${target.provider}" is not defined under endpoints`,
        });
      }
    }
    for (const module of CHAT_MODULES) {
      const targets = config.models[module] ?? {};
      const known = chatModels[module].models.map((m) => String(m.id));
      for (const [id, target] of Object.entries(targets)) {
        if (!known.includes(id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['models', module, id],
            message: `unknown model_type ${id} for ${module}; expected one of ${known.join(', ')}`,
          });
        }
        if (!config.endpoints[target.provider]) {
          ctx.addIssue({
            code: 'custom',
            path: ['models', module, id, 'provider'],
            message: `provider "${target.provider}" is not defined under endpoints`,
          });
        }
      }
    }
  });
export type LlmConfig = z.infer<typeof llmConfigSchema>;
export type LlmConfigInput = z.input<typeof llmConfigSchema>;

export function moduleTargets(config: LlmConfig, module: ChatModule): Record<string, ModelTarget> {
  return config.models[module] ?? {};
}
