import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import securityHeaders from '../../src/plugins/security-headers';

async function served(opts: { connectSrc?: string[]; frameOrigins?: string[]; imageHosts?: string[] } = {}) {
  const app = Fastify();
  await app.register(securityHeaders, opts);
  app.get('/json', async () => ({ ok: true }));
  app.get('/download', async (_request, reply) =>
    reply.header('content-security-policy', "default-src 'none'; sandbox").send('x'),
  );
  return app;
}

describe('security headers', () => {
  it('sends the same strict set on every response, errors included', async () => {
    const app = await served();
    for (const path of ['/json', '/missing']) {
      const { headers } = await app.inject(path);
      expect(headers).toMatchObject({
        'content-security-policy':
          "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
          "font-src 'self' data:;connect-src 'self' https:;media-src 'self' blob: https:;frame-src 'self' blob: https:;" +
          "worker-src 'self' blob:;object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'self'",
        'cross-origin-opener-policy': 'same-origin-allow-popups',
        'cross-origin-resource-policy': 'same-origin',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
      });
    }
    await app.close();
  });

  it('adds the direct-upload and sign-in frame origins to their directives only', async () => {
    const app = await served({ connectSrc: ['http://minio.lan:9000'], frameOrigins: ['https://login.example.cn'] });
    const csp = String((await app.inject('/json')).headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https: http://minio.lan:9000;");
    expect(csp).toContain("frame-src 'self' blob: https: https://login.example.cn;");
    expect(csp).toContain("script-src 'self';");
    await app.close();
  });

  it('lets images load from our origin and the allowed image hosts only, never any https host', async () => {
    const app = await served({ imageHosts: ['img.example.com', '*.cdn.example.com'] });
    const csp = String((await app.inject('/json')).headers['content-security-policy']);
    const imgSrc = csp.split(';').find((d) => d.startsWith('img-src '));
    expect(imgSrc).toBe("img-src 'self' data: blob: img.example.com *.cdn.example.com");
    await app.close();
  });

  it('lets a route replace the policy with a stricter one', async () => {
    const app = await served();
    const { headers } = await app.inject('/download');
    expect(headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });
});
