import { EMBEDDED_APP_KEYS, type EmbeddedAppKey } from '@portal/contract';
import type { Db } from '../../db/client';
import type { AuditService } from '../../services/audit/audit-service';
import type { OneTimeCodeService } from '../../services/codes/one-time-code-service';
import type { RightsGate } from '../../services/rights/rights-gate';
import { ToolApiCalls } from './api-calls';
import { ComfyGateway } from './comfy/comfy-gateway';
import { ComfyOwnership } from './comfy/ownership-store';
import type { EmbeddedConfig } from './config';
import { EmbedAccess } from './embed-access';
import { EmbedCookieSigner } from './embed-cookie';
import { SocketWatch } from './socket-watch';
import { ToolClient } from './tool-client';

/** A tool with an address in the config. */
export interface ConnectedTool {
  appKey: EmbeddedAppKey;
  url: string;
  /** `embedded.<app>.origin`: the tool runs at this origin's root instead of under `/embedded/<app>/`. */
  origin?: string;
  client: ToolClient;
  /** ComfyUI only: the per-user separation. */
  comfy?: { gateway: ComfyGateway; ownership: ComfyOwnership };
}

export interface EmbeddedServices {
  config: EmbeddedConfig;
  /** The portal's own origin: the only one that may frame a tool on an origin of its own. */
  portalOrigin: string;
  tools: Partial<Record<EmbeddedAppKey, ConnectedTool>>;
  cookies: EmbedCookieSigner;
  access: EmbedAccess;
  watch: SocketWatch;
  codes: OneTimeCodeService;
  calls: ToolApiCalls;
}

export interface EmbeddedDeps {
  db: Db;
  gate: RightsGate;
  codes: OneTimeCodeService;
  audit: AuditService;
  serverSecret: string;
  publicUrl: string;
}

export function createEmbeddedServices(deps: EmbeddedDeps, config: EmbeddedConfig): EmbeddedServices {
  const cookies = new EmbedCookieSigner(
    deps.serverSecret,
    config.cookie_ttl_seconds,
    deps.publicUrl.startsWith('https:'),
  );
  const access = new EmbedAccess(cookies, deps.gate);
  const tools: Partial<Record<EmbeddedAppKey, ConnectedTool>> = {};
  for (const appKey of EMBEDDED_APP_KEYS) {
    const url = config[appKey].url;
    if (!url) continue;
    const client = new ToolClient(url, config.api_timeout_ms);
    const origin = config[appKey].origin;
    const tool: ConnectedTool = { appKey, url, client, ...(origin && { origin }) };
    if (appKey === 'comfyui') {
      const ownership = new ComfyOwnership(deps.db);
      tool.comfy = { ownership, gateway: new ComfyGateway(client, ownership) };
    }
    tools[appKey] = tool;
  }
  return {
    config,
    portalOrigin: new URL(deps.publicUrl).origin,
    tools,
    cookies,
    access,
    watch: new SocketWatch(access, config.recheck_ms),
    codes: deps.codes,
    calls: new ToolApiCalls(deps.db, deps.audit, config),
  };
}
