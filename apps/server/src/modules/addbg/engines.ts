import { addbgEngineNames, addbgMessages, type AddbgEngine, type AddbgOption } from '@portal/contract';
import type { AddbgConfig } from './config';

/** The AI engines a generative feature can run on, in the order they are tried. */
const AI_ENGINES = ['sdwebui', 'comfyui', 'openai'] as const satisfies readonly AddbgEngine[];
const aiNames = AI_ENGINES.map((e) => addbgEngineNames[e]).join('、');

/** Whether scenes from a prompt can be drawn: by Stable Diffusion WebUI when it is configured. */
export function promptSceneEngine(config: AddbgConfig): AddbgEngine | null {
  return config.sdwebui ? 'sdwebui' : null;
}

/**
 * Which AI engine the other generative features (style transfer, AI logos, portraits) would use.
 * This version drives none of them, so a configured address is reported as such rather than
 * promised.
 */
export function aiEngineStatus(config: AddbgConfig): { engine: AddbgEngine; reason: string } {
  const configured = AI_ENGINES.find((e) => config[e] !== undefined);
  if (configured) {
    return { engine: configured, reason: `${addbgEngineNames[configured]}已配置，但本版本尚未接入该引擎的生成调用` };
  }
  return { engine: 'sdwebui', reason: '' };
}

/** The reason a feature needing an AI engine cannot run now. */
export function engineNeeded(config: AddbgConfig, feature: string): string {
  const status = aiEngineStatus(config);
  return status.reason || addbgMessages.engineNeeded(feature, aiNames);
}

/** An option that needs an AI engine: listed, with why it cannot be used here. */
export function aiOption(config: AddbgConfig, id: string, name: string, feature: string): AddbgOption {
  return { id, name, engine: aiEngineStatus(config).engine, available: false, reason: engineNeeded(config, feature) };
}

export function builtinOption(id: string, name: string): AddbgOption {
  return { id, name, engine: 'builtin', available: true, reason: null };
}
