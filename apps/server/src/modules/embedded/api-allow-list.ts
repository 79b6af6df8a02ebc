import type { EmbeddedAppKey } from '@portal/contract';
import { routeOf } from './comfy/comfy-gateway';
import { unsafeToolPath } from './path-guard';

/** ComfyUI API paths scripts may call through `POST /api/comfyui` (`/api/…` spellings too). */
const COMFY_PATHS =
  /^\/(prompt|history(\/[A-Za-z0-9-]{1,64})?|queue|view|interrupt|object_info(\/[A-Za-z0-9_.-]{1,200})?)$/;
/** SD WebUI: its documented API only. */
const SD_PATHS = /^\/sdapi\/v1\/[A-Za-z0-9_/-]{1,100}$/;
/** SD WebUI generations, which wait in the portal's queue. */
const SD_GENERATIONS = /^\/sdapi\/v1\/(txt2img|img2img)$/;

/** Whether a script may call this path of the tool through the portal. */
export function apiPathAllowed(appKey: EmbeddedAppKey, path: string): boolean {
  if (unsafeToolPath(path)) return false;
  const bare = path.split('?', 1)[0] ?? '';
  return appKey === 'comfyui' ? COMFY_PATHS.test(routeOf(bare)) : SD_PATHS.test(bare);
}

export function isGeneration(appKey: EmbeddedAppKey, path: string): boolean {
  return appKey === 'stablediffusion' && SD_GENERATIONS.test(path.split('?', 1)[0] ?? '');
}
