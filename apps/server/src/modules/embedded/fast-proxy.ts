import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { EMBEDDED_SOCKET_PATHS, embeddedBasePath } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EarlyHandler } from '../../lib/early-requests';
import { compressionOf, compressor } from '../../plugins/compression';
import { requestIdOf } from '../../plugins/request-id';
import type { ConnectedTool, EmbeddedServices } from './services';
import { admitToolRequest } from './tool-admission';
import { FastAnswerHeaders, fastRequestHeaders } from './fast-headers';
import { toolFrameHeaders } from './upstream-headers';

/** What the fast path needs of one tool, worked out once. */
interface FastTool {
  tool: ConnectedTool;
  /** `/embedded/<app>/`. */
  prefix: string;
  /** Paths (after the prefix, with their leading slash) that stay with Fastify's routes. */
  ownRoutes: ReadonlySet<string>;
  send: typeof httpRequest;
  agent: HttpAgent;
  target: { protocol: string; hostname: string; port: string };
  answerHeaders: FastAnswerHeaders;
}

/** An upstream that answers neither head nor body for this long is given up (undici's default, as before). */
const UPSTREAM_IDLE_MS = 300_000;

function fastTool(
  tool: ConnectedTool,
  services: EmbeddedServices,
  securityHeaders: Readonly<Record<string, string>>,
): FastTool | undefined {
  const url = new URL(tool.url);
  // A tool under a sub-path of its host is left to the router, whose proxy joins paths its own way.
  if (url.pathname !== '/') return undefined;
  const https = url.protocol === 'https:';
  return {
    tool,
    prefix: embeddedBasePath(tool.appKey),
    ownRoutes: new Set(['/__portal/enter', ...EMBEDDED_SOCKET_PATHS[tool.appKey]]),
    send: https ? httpsRequest : httpRequest,
    // Connections to the tool are kept and reused: a new TCP connection per request was the cost.
    // The idle limit is the agent's, set once per connection: a timer per request was measurable.
    agent: https
      ? new HttpsAgent({ keepAlive: true, timeout: UPSTREAM_IDLE_MS })
      : new HttpAgent({ keepAlive: true, timeout: UPSTREAM_IDLE_MS }),
    target: { protocol: url.protocol, hostname: url.hostname, port: url.port },
    answerHeaders: new FastAnswerHeaders(
      securityHeaders,
      toolFrameHeaders(tool.origin !== undefined ? services.portalOrigin : undefined),
      tool.origin !== undefined,
    ),
  };
}

/**
 * Whether the router would hand this request to the plain proxy: a tool path that is not the code's
 * landing, a socket, or one of ComfyUI's per-user endpoints. A first look at the raw path, before
 * the admission: percent-encoded paths are left to the router. After the admission the gateway is
 * asked again on the path as read there (tool-admission.ts), which is what the router's gateway
 * and the plain proxy's guard decide on; odd spellings of its endpoints are refused there.
 */
function plainProxyPath(fast: FastTool, method: string, toolPath: string): boolean {
  const path = toolPath.split('?', 1)[0] ?? '';
  if (path.includes('%') || fast.ownRoutes.has(path)) return false;
  return !fast.tool.comfy?.gateway.handles(method, path);
}

/**
 * The plain proxy of the embedded tools without Fastify: the tools' pages load hundreds of scripts,
 * styles and images, each a GET that before paid for the router, every hook of the portal and a
 * second proxy layer. Takes only bodiless GET and HEAD requests the router would give the plain
 * proxy (tool-scope.ts); checks them with the same function as the router's hook
 * (tool-admission.ts); answers with the same headers (the portal's security headers, the request
 * id, the tool's headers as filtered for the router, the frame headers, a renewed cookie) and
 * compression rules. Anything refused, and anything the tool could not be reached for, goes to
 * Fastify, which answers it as before.
 */
export function fastToolProxy(opts: {
  tools: ConnectedTool[];
  services: EmbeddedServices;
  /** The tool origins' mapping (tool-origin.ts), as Fastify's `rewriteUrl` applies it. */
  rewrite: ((req: IncomingMessage) => string | undefined) | undefined;
  securityHeaders: Readonly<Record<string, string>>;
  log: FastifyBaseLogger;
}): { handler: EarlyHandler; close(): void } {
  const { services, securityHeaders, log } = opts;
  const fastTools = opts.tools.flatMap((tool) => fastTool(tool, services, securityHeaders) ?? []);

  const handler: EarlyHandler = (req, res, toFastify) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const headers = req.headers;
    if (headers.upgrade || headers['transfer-encoding'] || (headers['content-length'] ?? '0') !== '0') return false;
    const url = opts.rewrite?.(req) ?? req.url ?? '/';
    const fast = fastTools.find((t) => url.startsWith(t.prefix));
    if (!fast) return false;
    const toolPath = url.slice(fast.prefix.length - 1);
    if (!plainProxyPath(fast, method, toolPath)) return false;
    forward(fast, req, res, url, toolPath, toFastify).catch((err: unknown) => {
      log.error({ err }, 'embedded fast proxy failed');
      if (!res.headersSent) toFastify();
      else res.destroy();
    });
    return true;
  };

  async function forward(
    fast: FastTool,
    req: IncomingMessage,
    res: ServerResponse,
    url: string,
    toolPath: string,
    toFastify: () => void,
  ): Promise<void> {
    const started = performance.now();
    const admission = await admitToolRequest(fast.tool, services, req, url, false);
    // Refusals are the router's to answer (the same hook, page and headers as always).
    if (admission === 'landing' || 'status' in admission) return toFastify();
    if (fast.tool.comfy?.gateway.handles(req.method ?? 'GET', admission.toolPath)) return toFastify();
    if (req.destroyed) return;
    const forwarded = fastRequestHeaders(req.headers, admission.pass.userId);
    const upstream = fast.send({
      ...fast.target,
      agent: fast.agent,
      method: req.method,
      path: toolPath,
      headers: forwarded,
    });
    upstream.on('timeout', () => upstream.destroy(new Error('the tool did not answer in time')));
    upstream.on('error', (err) => {
      // Before any answer the router tries once more and answers the failure as it always has.
      if (!res.headersSent) return toFastify();
      log.warn({ err: err.message }, 'embedded tool answer broken off');
      res.destroy();
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.on('response', (answer) => {
      const encoding =
        req.method === 'HEAD' || answer.statusCode === 204 || answer.statusCode === 304
          ? undefined
          : compressionOf(req.headers, answer.headers);
      const headers = fast.answerHeaders.of(answer.headers, requestIdOf(req), admission.setCookie, encoding);
      res.writeHead(answer.statusCode ?? 502, headers);
      // pipe, not pipeline: pipeline builds an AbortController and an AbortError for every answer
      // it finishes, a tenth of this path's CPU. Breaks are handled here: a tool answer broken off
      // ends the browser's (res 'close' above ends the tool's side).
      const brokenOff = (err: Error) => {
        log.warn({ err: err.message }, 'embedded tool answer broken off');
        res.destroy();
      };
      answer.on('error', brokenOff);
      answer.on('close', () => {
        if (!answer.complete && !res.destroyed) brokenOff(new Error('the tool closed its answer early'));
      });
      if (encoding) answer.pipe(compressor(encoding).on('error', brokenOff)).pipe(res);
      else answer.pipe(res);
      if (log.level === 'debug' || log.level === 'trace') {
        res.on('finish', () =>
          log.debug(
            { url, statusCode: answer.statusCode, responseTime: performance.now() - started },
            'embedded tool request (fast proxy)',
          ),
        );
      }
    });
    upstream.end();
  }

  return {
    handler,
    close: () => {
      for (const fast of fastTools) fast.agent.destroy();
    },
  };
}
