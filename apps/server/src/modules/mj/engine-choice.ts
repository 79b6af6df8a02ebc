import type { MjEngine } from '@portal/contract';
import type { PortalConfig } from '../../config/schema';
import { ComfyUiImages } from './engines/comfyui-images';
import type { EngineConnection, ImageEngine } from './engines/image-engine';
import { OpenAiImages } from './engines/openai-images';
import { SdWebUiImages } from './engines/sdwebui-images';
import type { MjConfig } from './config';

/** Tried in this order when `mj.engine` is not set. */
const PREFERRED: readonly MjEngine[] = ['sdwebui', 'comfyui', 'openai'];

/** The embedded tool an engine may share, when `mj.engine` names it. */
function embeddedToolUrl(config: PortalConfig, engine: MjEngine): string | undefined {
  if (engine === 'sdwebui') return config.embedded.stablediffusion.url;
  if (engine === 'comfyui') return config.embedded.comfyui.url;
  return undefined;
}

function addressOf(config: PortalConfig, engine: MjEngine, named: boolean): EngineConnection | null {
  const own = config.mj[engine] ?? config.addbg[engine];
  if (own) return { engine, url: own.url, apiKey: own.api_key, model: own.model };
  // An embedded tool is shared with the image chat only when the configuration says so.
  const tool = named ? embeddedToolUrl(config, engine) : undefined;
  return tool ? { engine, url: tool } : null;
}

/**
 * The image chat's engine: `mj.engine` with its address (`mj.<engine>`, else `addbg.<engine>`, else
 * the embedded tool's), or the first engine with an address of its own or the designer's; null
 * when none is connected.
 */
export function chooseEngine(config: PortalConfig): EngineConnection | null {
  if (config.mj.engine) return addressOf(config, config.mj.engine, true);
  for (const engine of PREFERRED) {
    const found = addressOf(config, engine, false);
    if (found) return found;
  }
  return null;
}

export function createEngine(connection: EngineConnection, config: MjConfig): ImageEngine {
  const options = { steps: config.steps, variationStrength: config.variation_strength };
  switch (connection.engine) {
    case 'openai':
      return new OpenAiImages(connection);
    case 'sdwebui':
      return new SdWebUiImages(connection, options);
    case 'comfyui':
      return new ComfyUiImages(connection, {
        ...options,
        checkpoint: config.comfyui_checkpoint,
        pollMs: config.poll_ms,
      });
  }
}
