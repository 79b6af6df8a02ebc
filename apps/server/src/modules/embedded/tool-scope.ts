import { EMBEDDED_SOCKET_PATHS, embeddedBasePath, embeddedEnterPath, embeddedSocketEndpoint } from '@portal/contract';
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmbeddedServices, ConnectedTool } from './services';
import type { EmbedPass } from './embed-cookie';
import { toolFrameHeaders, toolResponseHeaders, upstreamHeaders } from './upstream-headers';
import { admitToolRequest } from './tool-admission';
import { bridgeSockets } from './ws-bridge';
import { comfyMessageFilter } from './comfy/comfy-ws-filter';
import { userClientId } from './comfy/client-id';
import { comfyRoutes } from './comfy/comfy-routes';
import { enterRoute } from './enter-route';
import { serveSocket } from '../../lib/serve-endpoint';

/** The pass of a request that passed the scope's check. */
const passes = new WeakMap<FastifyRequest, EmbedPass>();
/** A renewed cookie (`Set-Cookie` value) to send with the answer. */
const renewals = new WeakMap<FastifyRequest, string>();
/** The tool path of a request that passed, as the tool will route it (tool-admission.ts). */
const toolPaths = new WeakMap<FastifyRequest, string>();

export function passOf(request: FastifyRequest): EmbedPass {
  const pass = passes.get(request);
  if (!pass) throw new Error('embedded route reached without a pass');
  return pass;
}

export function toolPathOf(request: FastifyRequest): string {
  const path = toolPaths.get(request);
  if (path === undefined) throw new Error('embedded route reached without a checked path');
  return path;
}

function refusal(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><meta charset="utf-8"><title>${message}</title><body style="font:14px sans-serif;padding:24px;color:#555">${message}</body>`,
    );
}

/** A request target as its path and its query (with the `?`, or empty). */
function splitTarget(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

/**
 * Everything under `/embedded/<app>/`: the code's landing, the per-user ComfyUI endpoints, the
 * WebSocket bridge and the plain proxy for the rest. Every request and upgrade but the landing
 * needs a valid cookie and the app right as of now; encoded path tricks are refused first. A tool
 * with an origin of its own is served only to requests that came in on that origin (mapped here by
 * tool-origin.ts), never under `/embedded/<app>/` of the portal's origin.
 */
export async function toolScope(app: FastifyInstance, opts: { tool: ConnectedTool; services: EmbeddedServices }) {
  const { tool, services } = opts;
  const { appKey } = tool;
  const base = embeddedBasePath(appKey).replace(/\/$/, '');
  const enterUrl = embeddedEnterPath(appKey);
  const ownOrigin = tool.origin !== undefined;
  const frameHeaders = toolFrameHeaders(ownOrigin ? services.portalOrigin : undefined);

  app.addHook('onRequest', async (request, reply) => {
    // The tool's own frontend takes its API address from the page's folder (ComfyUI's
    // `location.pathname` up to the last `/`): without the slash it would call `/embedded/api/…`.
    const [path, query] = splitTarget(request.url);
    if (path === base && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.redirect(`${base}/${query}`, 302);
    }
    const admission = await admitToolRequest(
      tool,
      services,
      request.raw,
      request.url,
      request.routeOptions.url === enterUrl,
    );
    if (admission === 'landing') return;
    if ('status' in admission) return refusal(reply, admission.status, admission.message);
    passes.set(request, admission.pass);
    toolPaths.set(request, admission.toolPath);
    if (admission.setCookie) renewals.set(request, admission.setCookie);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.headers(frameHeaders);
    // The portal's own X-Frame-Options (set for every answer) would forbid the portal's frame.
    if (ownOrigin) reply.removeHeader('x-frame-options');
    const renewed = renewals.get(request);
    if (renewed) reply.header('set-cookie', renewed);
  });

  await app.register(enterRoute, { appKey, services, ownOrigin });
  for (const path of EMBEDDED_SOCKET_PATHS[appKey]) {
    serveSocket(app, embeddedSocketEndpoint(appKey, path), (browser, request) => {
      const pass = passOf(request);
      const url = new URL(request.url, 'http://portal');
      const upstreamUrl = tool.client.urlOf(`${path}${url.search}`);
      upstreamUrl.protocol = upstreamUrl.protocol === 'https:' ? 'wss:' : 'ws:';
      if (appKey === 'comfyui') {
        upstreamUrl.searchParams.set('clientId', userClientId(pass.userId, url.searchParams.get('clientId')));
      }
      let forget = () => {};
      const end = bridgeSockets({
        browser,
        upstreamUrl,
        browserHeaders: request.headers,
        userId: pass.userId,
        log: request.log,
        onClose: () => forget(),
        ...(tool.comfy && { filter: comfyMessageFilter(pass.userId, tool.comfy.ownership) }),
      });
      forget = services.watch.add({ appKey, pass, end });
    });
  }
  const gateway = tool.comfy?.gateway;
  if (gateway) await app.register(comfyRoutes, { base, gateway, passOf, toolPathOf });

  await app.register(httpProxy, {
    upstream: tool.url,
    prefix: base,
    websocket: false,
    // The gateway's paths never reach the plain proxy, whatever the router made of their spelling.
    preHandler: async (request, reply) => {
      if (gateway?.handles(request.method, toolPathOf(request))) {
        return refusal(reply, 404, '请求的地址不存在');
      }
    },
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => {
        const forwarded = upstreamHeaders(headers, passOf(request as FastifyRequest).userId);
        delete forwarded.host;
        return forwarded;
      },
      rewriteHeaders: (headers) => toolResponseHeaders(headers, frameHeaders) as typeof headers,
    },
  });
}
