import { z } from 'zod';

/** `/app-config.json`, fetched by the browser with a cache-busting query (section 3). */
export const runtimeConfigSchema = z.object({
  clientId: z.string().default(''),
  title: z.string().default('AI 门户'),
  apiDomain: z.string().default('/'),
  bfaUrl: z.string().default(''),
  bfaAutoFinishDelay: z.record(z.string(), z.number().int().nonnegative()).default({}),
  /** IANA zone whose calendar days the analytics figures count (the server's `analytics.timezone`). */
  analyticsTimeZone: z.string().default('Asia/Shanghai'),
  /** Hosts whose images answers show (the server's `image_proxy.allowed_hosts`); others show as a link. */
  /** Base address of the search service (its own mount of the portal, or its own host). */
  searchApiDomain: z.string().default('/search-api/'),
  imageHosts: z.array(z.string()).default([]),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
