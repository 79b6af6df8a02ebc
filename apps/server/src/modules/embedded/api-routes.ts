import {
  EMBEDDED_APP_KEYS,
  embeddedConfigKey,
  embeddedEndpoints,
  embeddedEnterPath,
  embeddedOriginEnterUrl,
  ErrorCode,
  ErrorMessage,
  type EmbeddedApiResponse,
  type EmbeddedAppKey,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error';
import { serve } from '../../lib/serve-endpoint';
import { loadedGateRead, requireUser } from '../../plugins/auth';
import { oneTimeCodeRateLimit } from '../../routes/api/one-time-code-rate-limit';
import { apiPathAllowed, isGeneration } from './api-allow-list';
import type { EmbeddedServices } from './services';
import { parseJson, type ToolAnswer } from './tool-client';

const NOT_CONNECTED = '尚未接入';
const JSON_HEADERS = { 'content-type': 'application/json' };

function connected(services: EmbeddedServices, appKey: EmbeddedAppKey) {
  const tool = services.tools[appKey];
  if (!tool) throw new AppError(ErrorCode.notFound, `${NOT_CONNECTED}：管理员还没有配置该工具`);
  return tool;
}

/** The tool's answer for a script: JSON as JSON, text as text, anything else base64. */
function toApiResponse(answer: ToolAnswer): EmbeddedApiResponse {
  const type = answer.contentType.split(';')[0]?.trim() ?? '';
  const body =
    type === 'application/json'
      ? (parseJson(answer.body) ?? null)
      : type.startsWith('text/')
        ? answer.body.toString()
        : answer.body.toString('base64');
  return { status: answer.status, content_type: answer.contentType, body };
}

/**
 * `/api/designer/sdwebui/getSDWebUICode`: under the designer prefix, whose other paths need the
 * Stable Diffusion right; a code needs only the right of the app it is asked for, so a ComfyUI-only
 * user gets ComfyUI codes.
 */
export async function designerRoutes(app: FastifyInstance, opts: { services: EmbeddedServices }) {
  const { services } = opts;
  serve(
    app,
    embeddedEndpoints.getSDWebUICode,
    async ({ body, request }) => {
      const user = requireUser(request);
      // The gate let through a user with either tool; the code needs the right of the one asked for.
      const read = loadedGateRead(request);
      if (!read || !(await app.services.gate.mayOpenApp(read, body.app_key))) {
        throw new AppError(ErrorCode.forbidden, ErrorMessage.forbiddenApp);
      }
      const tool = connected(services, body.app_key);
      const { code } = await services.codes.create(user.id, body.app_key);
      const enter = tool.origin ? embeddedOriginEnterUrl(tool.origin) : embeddedEnterPath(body.app_key);
      return { code, embed_url: `${enter}?code=${encodeURIComponent(code)}` };
    },
    // Each code is an audit row: the limits of the other routes that issue codes apply.
    { onRequest: oneTimeCodeRateLimit(app), config: { appKeysOfRequest: EMBEDDED_APP_KEYS } },
  );
}

/** `/api/stablediffusion` or `/api/comfyui`: status, the tool's API for scripts, SD's queue. */
export function toolApiRoutes(appKey: EmbeddedAppKey) {
  return async (app: FastifyInstance, opts: { services: EmbeddedServices }) => {
    const { services } = opts;
    const status = appKey === 'comfyui' ? embeddedEndpoints.comfyuiStatus : embeddedEndpoints.stablediffusionStatus;
    serve(app, status, async ({ request }) => ({
      app_key: appKey,
      configured: Boolean(services.tools[appKey]),
      config_key: embeddedConfigKey(appKey),
      is_admin: requireUser(request).isAdmin,
    }));

    const api = appKey === 'comfyui' ? embeddedEndpoints.comfyuiApi : embeddedEndpoints.stablediffusionApi;
    serve(app, api, async ({ body, request }) => {
      const user = requireUser(request);
      const tool = connected(services, appKey);
      if (!apiPathAllowed(appKey, body.path)) {
        throw new AppError(ErrorCode.validation, `path 不在允许的接口范围内：${body.path.slice(0, 100)}`);
      }
      const generation = isGeneration(appKey, body.path);
      const started = await services.calls.start(user.id, appKey, { ...body, generation, ip: request.ip });
      let status = 502;
      try {
        const payload = body.method === 'POST' ? JSON.stringify(body.body ?? {}) : undefined;
        const call = { userId: user.id, method: body.method, path: body.path, headers: JSON_HEADERS };
        const answer = tool.comfy?.gateway.handles(body.method, body.path)
          ? await tool.comfy.gateway.handle({ ...call, body: payload === undefined ? undefined : Buffer.from(payload) })
          : await tool.client.call({ ...call, body: payload });
        status = answer.status;
        return toApiResponse(answer);
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, 'embedded tool call failed');
        throw new AppError(ErrorCode.upstream, '工具暂时无法访问，请稍后再试');
      } finally {
        await services.calls.finish(started, status);
      }
    });

    if (appKey === 'stablediffusion') {
      serve(app, embeddedEndpoints.stablediffusionQueue, async ({ request }) =>
        services.calls.queuePosition(requireUser(request).id, appKey),
      );
    }
  };
}
