import type { IncomingMessage } from 'node:http';
import { EMBEDDED_APP_KEYS, embeddedBasePath, type EmbeddedAppKey } from '@portal/contract';
import type { EmbeddedConfig } from './config';

/** Requests that came in on a tool's own origin, by the tool they were mapped onto. */
const arrivals = new WeakMap<IncomingMessage, EmbeddedAppKey>();

/** `host[:port]` as compared: lower case, without the default ports. */
function hostKey(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/:(80|443)$/, '');
}

/** The configured separate origins (`embedded.<app>.origin`) of connected tools. */
export function toolOrigins(config: EmbeddedConfig): Array<{ appKey: EmbeddedAppKey; origin: string }> {
  return EMBEDDED_APP_KEYS.flatMap((appKey) => {
    const { url, origin } = config[appKey];
    return url && origin ? [{ appKey, origin }] : [];
  });
}

/**
 * Maps every request whose Host is a tool's own origin onto the tool's paths, before routing: `/x`
 * on `comfy.portal.example` becomes `/embedded/comfyui/x`. Nothing else of the portal (its API,
 * its pages) answers on that host, and the tool runs at the origin's root. The request is marked,
 * so the tool's scope serves a tool with an origin only to requests that arrived on it.
 */
export function toolOriginRewrite(
  config: EmbeddedConfig,
  publicUrl: string,
): ((req: IncomingMessage) => string | undefined) | undefined {
  const origins = toolOrigins(config);
  if (origins.length === 0) return undefined;
  const portalHost = hostKey(new URL(publicUrl).host);
  const byHost = new Map<string, EmbeddedAppKey>();
  for (const { appKey, origin } of origins) {
    const host = hostKey(new URL(origin).host);
    // The portal's own requests would all go to the tool.
    if (host === portalHost) throw new Error(`embedded.${appKey}.origin 不能与门户地址 (${publicUrl}) 使用同一主机`);
    byHost.set(host, appKey);
  }
  return (req) => {
    const appKey = byHost.get(hostKey(req.headers.host ?? ''));
    if (!appKey) return undefined;
    arrivals.set(req, appKey);
    const url = req.url ?? '/';
    return `${embeddedBasePath(appKey).slice(0, -1)}${url.startsWith('/') ? url : '/'}`;
  };
}

/** The tool whose origin a request came in on, if any. */
export function arrivedOnToolOrigin(req: IncomingMessage): EmbeddedAppKey | undefined {
  return arrivals.get(req);
}
