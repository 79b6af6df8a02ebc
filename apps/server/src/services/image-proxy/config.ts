import { z } from 'zod';

/** A host name or IPv4 address, `*.` + a domain for its subdomains, or a bracketed IPv6 address. */
const HOST_ENTRY = /^(?:(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/;

const allowedHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HOST_ENTRY, '应为主机名（如 img.example.com 或 *.example.com），不含协议、端口和路径')
  // The form a URL's hostname takes, so that `[::ffff:127.0.0.1]` matches `[::ffff:7f00:1]`.
  .transform((entry) => (entry.startsWith('[') ? new URL(`http://${entry}/`).hostname : entry));

/** The `image_proxy` section: limits of `GET /api/image/proxy`. */
export const imageProxyConfigSchema = z
  .object({
    max_bytes: z.number().int().positive().default(10_000_000),
    timeout_ms: z.number().int().positive().default(10_000),
    max_redirects: z.number().int().min(0).max(10).default(3),
    /**
     * The only hosts whose images the portal shows: answer images (directly, or through the
     * proxy, which refuses every other host before even resolving it) and external avatars or app
     * icons (the CSP's `img-src`). Empty by default: an answer's image address is chosen by
     * whoever wrote the text the model read, and loading it would send that host whatever the
     * address carries; such images show as a link the user may open.
     */
    allowed_hosts: z.array(allowedHostSchema).default([]),
    /** Test suites only: lets the proxy reach loopback addresses. Never enable it in a deployment. */
    allow_loopback_for_tests: z.boolean().default(false),
  })
  .strict();
export type ImageProxyConfig = z.infer<typeof imageProxyConfigSchema>;

/** The `img-src` sources of the allowed hosts; CSP host-sources have no IPv6 form. */
export function imageHostSources(cfg: ImageProxyConfig): string[] {
  return cfg.allowed_hosts.filter((host) => !host.startsWith('['));
}
