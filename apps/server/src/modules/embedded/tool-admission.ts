import type { IncomingMessage } from 'node:http';
import { embeddedBasePath } from '@portal/contract';
import { oddGatewaySpelling } from './comfy/comfy-gateway';
import type { EmbedPass } from './embed-cookie';
import { readToolTarget } from './path-guard';
import type { ConnectedTool, EmbeddedServices } from './services';
import { arrivedOnToolOrigin } from './tool-origin';

/** Why a request to a tool is turned away: answered as a small page with this status. */
export interface Refusal {
  status: 400 | 401 | 403 | 404;
  message: string;
}

/** A request let through: whose it is, and the renewed cookie (a `Set-Cookie` value) to send back. */
export interface Admitted {
  pass: EmbedPass;
  setCookie?: string;
  /**
   * The path on the tool (after `/embedded/<app>`) as the tool will route it, with the raw query:
   * what the ComfyUI gateway and the fast path decide on (path-guard.ts).
   */
  toolPath: string;
}

/**
 * The rules every request and upgrade under a tool's paths passes, in this order: a tool with an
 * origin of its own only on that origin, no encoded path tricks and no odd spelling of a per-user
 * ComfyUI endpoint, then (but for the code's landing) a valid cookie and the app right as of now. The one place these rules live: Fastify's hook
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
  const target = readToolTarget(url);
  const base = embeddedBasePath(appKey).replace(/\/$/, '');
  const inside = target && (target.path === base || target.path.startsWith(`${base}/`));
  if (!inside) return { status: 400, message: '请求路径不合法' };
  const path = target.path.slice(base.length) || '/';
  // Another spelling of a per-user ComfyUI endpoint would pass the gateway by: not found.
  if (tool.comfy && oddGatewaySpelling(path)) return { status: 404, message: '请求的地址不存在' };
  if (landing) return 'landing';
  const access = await services.access.check(appKey, req.headers.cookie);
  if ('refused' in access) {
    return access.refused === 'no-right'
      ? { status: 403, message: '您没有使用该应用的权限' }
      : { status: 401, message: '访问已失效，请回到门户重新打开此工具' };
  }
  const { pass } = access;
  const toolPath = target.query ? `${path}?${target.query}` : path;
  if (req.headers.upgrade || !services.cookies.dueForRenewal(pass)) return { pass, toolPath };
  const renewed = services.cookies.issue(appKey, pass.userId).value;
  return { pass, setCookie: services.cookies.header(appKey, renewed, ownOrigin), toolPath };
}
