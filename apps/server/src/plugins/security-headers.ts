import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers for every response. Scripts only from our origin (no inline scripts); inline
 * styles are allowed because antd injects its CSS-in-JS at runtime.
 */
export default fp<{ connectSrc?: string[]; frameOrigins?: string[] }>(
  async (app, opts) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // Plus the storage origin browsers upload to directly, which may be plain http on a LAN.
          connectSrc: ["'self'", 'https:', ...(opts.connectSrc ?? [])],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          // Workplace sign-in QR pages (WeCom, DingTalk) are framed by the login page; blob: frames
          // show a document the page fetched with its sign-in headers (the report viewer's PDF).
          frameSrc: ["'self'", 'blob:', 'https:', ...(opts.frameOrigins ?? [])],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
        },
      },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: 'sameorigin' },
    });
  },
  { name: 'security-headers', fastify: '5.x' },
);
