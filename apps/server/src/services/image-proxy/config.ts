import { z } from 'zod';

/** The `image_proxy` section: limits of `GET /api/image/proxy`. */
export const imageProxyConfigSchema = z
  .object({
    max_bytes: z.number().int().positive().default(10_000_000),
    timeout_ms: z.number().int().positive().default(10_000),
    max_redirects: z.number().int().min(0).max(10).default(3),
    /** Test suites only: lets the proxy reach loopback addresses. Never enable it in a deployment. */
    allow_loopback_for_tests: z.boolean().default(false),
  })
  .strict();
export type ImageProxyConfig = z.infer<typeof imageProxyConfigSchema>;
