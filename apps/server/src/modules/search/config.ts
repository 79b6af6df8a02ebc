import { z } from 'zod';
import type { UsageDefaults } from '../../services/usage/usage-defaults';
import { quotaCount, usageDefaultsOf, usageWindowConfig } from '../../services/usage/config';
import { configSection } from '../config-section';

const envVarName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name');
/** A host name, `*.` + a domain for its subdomains, or an IPv4 address (no scheme, port or path). */
const hostEntry = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*$/, '应为主机名（如 wiki.corp.example 或 *.corp.example）');

/** A page origin (scheme, host and port) allowed to call the service from a browser. */
const pageOrigin = z
  .url({ protocol: /^https?$/ })
  .transform((u) => new URL(u).origin)
  .refine((o) => o !== 'null', '应为网页来源，如 https://portal.corp.example');

const common = {
  /** Base address of the backend's API; engines are reached only at configured addresses. */
  url: z.url({ protocol: /^https?$/ }).optional(),
  /** The environment variable holding the API key (never the key itself in the file). */
  api_key_env: envVarName.optional(),
  max_results: z.number().int().min(1).max(20).default(8),
};

/** One web search backend. */
export const searchBackendSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('searxng'), ...common, url: z.url({ protocol: /^https?$/ }) }).strict(),
  z.object({ kind: z.literal('bing'), ...common }).strict(),
  z.object({ kind: z.literal('tavily'), ...common }).strict(),
  z.object({ kind: z.literal('metaso'), ...common }).strict(),
  z.object({ kind: z.literal('bocha'), ...common }).strict(),
]);
export type SearchBackendConfig = z.infer<typeof searchBackendSchema>;

/**
 * The `search` section: the search service's backends, page fetching limits, the budget every run
 * ends within, and its token. Without any web backend the service still searches the company's own
 * documents; without a model (`providers.tasks.search`) the summary is extractive.
 */
export const searchConfigSchema = z
  .object({
    /**
     * What the browser is told in `/app-config.json`: the portal's own mount, or the address of
     * the service running as a process of its own (`https://search.corp.example/search-api/`).
     */
    api_domain: z
      .string()
      .refine(
        (v) => v.startsWith('/') || (/^https?:\/\//i.test(v) && URL.canParse(v)),
        '应为以 / 开头的路径或 http(s) 地址',
      )
      .default('/search-api/'),
    /** The portal serves the service itself; false when only the process of its own does (`npm run start:search`). */
    serve_in_portal: z.boolean().default(true),
    /**
     * Origins whose pages may call the service on an address of its own, besides the portal's own
     * (PUBLIC_URL): another name the portal is reached under. Every other origin is refused.
     */
    cors_origins: z.array(pageOrigin).default([]),
    token_ttl_seconds: z
      .number()
      .int()
      .min(60)
      .max(30 * 86_400)
      .default(86_400),
    backends: z.array(searchBackendSchema).default([]),
    /**
     * Intranet hosts whose pages may be read although they resolve to private addresses (a wiki,
     * a document portal). Every other internal address stays refused, redirects included.
     */
    allowed_private_hosts: z.array(hostEntry).default([]),
    fetch: z
      .object({
        timeout_ms: z.number().int().min(100).max(60_000).default(8_000),
        max_bytes: z.number().int().min(10_000).max(20_000_000).default(2_000_000),
        max_redirects: z.number().int().min(0).max(10).default(3),
        concurrency: z.number().int().min(1).max(32).default(8),
      })
      .strict()
      .prefault({}),
    backend: z
      .object({
        concurrency: z.number().int().min(1).max(16).default(4),
        retries: z.number().int().min(0).max(5).default(2),
        retry_base_ms: z.number().int().min(0).max(10_000).default(500),
        timeout_ms: z.number().int().min(100).max(60_000).default(10_000),
      })
      .strict()
      .prefault({}),
    /** Every run ends within this budget; what was found by then is summarised. */
    budget: z
      .object({
        max_seconds: z.number().min(5).max(3600).default(180),
        max_tokens: z.number().int().min(1000).max(1_000_000).default(40_000),
        max_pages: z.number().int().min(1).max(100).default(12),
      })
      .strict()
      .prefault({}),
    /** Research runs per user and window (the module table's `research` quota key), where no quota rule applies. */
    quota: quotaCount,
    ...usageWindowConfig,
    /** The model task (`providers.tasks.<name>`) that plans, summarises and draws the mind map. */
    model_task: z.string().default('search'),
  })
  .strict();
export type SearchConfig = z.infer<typeof searchConfigSchema>;

export const searchConfigSection = configSection('search', searchConfigSchema);

/** The configured research runs per window, where no quota rule applies. */
export function searchUsageDefaults(config: SearchConfig): UsageDefaults {
  return usageDefaultsOf(config, () => config.quota);
}

/** The service's origin when the browser calls it on an address of its own, for the page's connect-src. */
export function searchServiceOrigins(config: Pick<SearchConfig, 'api_domain'>): string[] {
  return config.api_domain.startsWith('/') ? [] : [new URL(config.api_domain).origin];
}

/** The page origins allowed to call the service cross-origin: the portal's own and the configured ones. */
export function searchCorsOrigins(config: Pick<SearchConfig, 'cors_origins'>, portalPublicUrl: string): string[] {
  return [...new Set([new URL(portalPublicUrl).origin, ...config.cors_origins])];
}

/** Its settings' type in PortalConfig (see ModuleConfigSections). */
declare module '../config-section' {
  interface ModuleConfigSections {
    search: typeof searchConfigSection;
  }
}
