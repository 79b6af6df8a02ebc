import { embeddedBasePath, embeddedEnterPath, type EmbeddedAppKey } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EmbeddedServices } from './services';

const enterQuery = z.object({ code: z.string().max(200).optional() });

/**
 * Where the frame lands with its one-time code: the code is redeemed (single use, for this app),
 * the user's right is checked, and the tool's cookie is set for the tool's path only (or the
 * tool's own origin, host-only, when it has one). The code
 * leaves the address bar at once with the redirect.
 */
export async function enterRoute(
  app: FastifyInstance,
  opts: { appKey: EmbeddedAppKey; services: EmbeddedServices; ownOrigin: boolean },
) {
  const { appKey, services, ownOrigin } = opts;
  const page = (message: string) =>
    `<!doctype html><meta charset="utf-8"><title>${message}</title><body style="font:14px sans-serif;padding:24px;color:#555">${message}</body>`;
  app.get(embeddedEnterPath(appKey), async (request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const parsed = enterQuery.safeParse(request.query);
    const code = parsed.success ? parsed.data.code : undefined;
    const userId = code ? await services.codes.redeem(appKey, code) : undefined;
    if (userId === undefined) {
      return reply
        .code(401)
        .type('text/html; charset=utf-8')
        .send(page('访问码无效或已过期，请回到门户重新打开此工具'));
    }
    const issued = services.cookies.issue(appKey, userId);
    if (!(await services.access.stillAllowed(appKey, issued.pass))) {
      return reply.code(403).type('text/html; charset=utf-8').send(page('您没有使用该应用的权限'));
    }
    return (
      reply
        .header('set-cookie', services.cookies.header(appKey, issued.value, ownOrigin))
        // On its own origin the tool is at the root (`/__portal/enter` was mapped onto the tool's path).
        .redirect(ownOrigin ? '/' : embeddedBasePath(appKey), 302)
    );
  });
}
