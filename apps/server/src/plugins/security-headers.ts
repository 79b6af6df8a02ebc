import fp from 'fastify-plugin';

export interface SecurityHeaderOptions {
  /** Extra origins the browser may connect to (the storage origin of direct uploads). */
  connectSrc?: string[];
  /** Extra origins the login page may frame (workplace sign-in QR pages). */
  frameOrigins?: string[];
  /** Hosts images may load from besides our own (`image_proxy.allowed_hosts`). */
  imageHosts?: string[];
}

/**
 * The Content-Security-Policy of the portal. Scripts only from our origin (no inline scripts);
 * inline styles are allowed because antd injects its CSS-in-JS at runtime.
 */
export function contentSecurityPolicy(opts: SecurityHeaderOptions = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Never any https host: an answer's image would send its address, and whatever chat text an
    // injected prompt put into it, to that host. Allowed hosts only (see image-proxy/config.ts).
    'img-src': ["'self'", 'data:', 'blob:', ...(opts.imageHosts ?? [])],
    'font-src': ["'self'", 'data:'],
    // Plus the storage origin browsers upload to directly, which may be plain http on a LAN.
    'connect-src': ["'self'", 'https:', ...(opts.connectSrc ?? [])],
    'media-src': ["'self'", 'blob:', 'https:'],
    // Workplace sign-in QR pages (WeCom, DingTalk) are framed by the login page; the PDF viewer
    // frames a document it fetched with the access token as a blob typed application/pdf.
    'frame-src': ["'self'", 'blob:', 'https:', ...(opts.frameOrigins ?? [])],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    // No page of the portal needs <base>; none at all means an injected one cannot redirect relative URLs.
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}

/** Every response's security headers; they never depend on the request. */
export function securityHeaders(opts: SecurityHeaderOptions = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(opts),
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every response carries, for answers sent without Fastify's hooks. */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/**
 * Security headers for every response, computed once at start: a general-purpose header
 * middleware rebuilt them on every request, a measurable share of a cheap call like user/info.
 * A route may still replace one (file downloads set a stricter, sandboxing policy).
 */
export default fp<SecurityHeaderOptions>(
  async (app, opts) => {
    const headers = securityHeaders(opts);
    app.decorate('securityHeaders', headers);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);
