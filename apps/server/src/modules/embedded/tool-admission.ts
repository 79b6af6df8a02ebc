import type { IncomingMessage } from 'node:http';
import type { EmbedPass } from './embed-cookie';
import { unsafeToolPath } from './path-guard';
import type { ConnectedTool, EmbeddedServices } from './services';
import { arrivedOnToolOrigin } from './tool-origin';

/** Why a request to a tool is turned away: answered as a small page with this status. */
export interface Refusal {
  status: 400 | 401 | 404;
  message: string;
}

/** A request let through: whose it is, and the renewed cookie (a `Set-Cookie` value) to send back. */
export interface Admitted {
  pass: EmbedPass;
  setCookie?: string;
}

/**
 * The rules every request and upgrade under a tool's paths passes, in this order: a tool with an
 * origin of its own only on that origin, no encoded path tricks, then (but for the code's landing)
 * a valid cookie and the app right as of now. The one place these rules live: Fastify's hook
 * (tool-scope.ts) and the fast proxy (fast-proxy.ts) both ask here.
 *
 * `url` is the request target as routed (after the tool origin's mapping); `landing` says it is
 * the code's landing, which needs no cookie.
 */
export async function admitToolRequest(
  tool: ConnectedTool,
  services: EmbeddedServices,
  req: IncomingMessage,
  url: string,
  landing: boolean,
): Promise<Refusal | Admitted | 'landing'> {
  const { appKey } = tool;
  const ownOrigin = tool.origin !== undefined;
  if (ownOrigin && arrivedOnToolOrigin(req) !== appKey) {
    return { status: 404, message: '该工具在独立的地址上提供，请从门户打开' };
  }
  if (unsafeToolPath(url)) return { status: 400, message: '请求路径不合法' };
  if (landing) return 'landing';
  const pass = await services.access.check(appKey, req.headers.cookie);
  if (!pass) return { status: 401, message: '访问已失效，请回到门户重新打开此工具' };
  if (req.headers.upgrade || !services.cookies.dueForRenewal(pass)) return { pass };
  const renewed = services.cookies.issue(appKey, pass.userId).value;
  return { pass, setCookie: services.cookies.header(appKey, renewed, ownOrigin) };
}
