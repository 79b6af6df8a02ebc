import { addbgEngineNames, addbgMessages, type AddbgEngine, type AddbgOption } from '@portal/contract';
import type { AddbgConfig } from './config';
import type { AiImageEngine } from './engines/ai-engine';
import { ComfyUiEngine } from './engines/comfyui';
import { OpenAiImageEngine, type GuardedImageFetch } from './engines/openai-images';
import { SdWebuiEngine } from './engines/sdwebui';

/** The AI engines a generative feature can run on, in the order they are picked by default. */
const AI_ENGINES = ['sdwebui', 'comfyui', 'openai'] as const satisfies readonly AddbgEngine[];
export type AiEngineId = (typeof AI_ENGINES)[number];
const aiNames = AI_ENGINES.map((e) => addbgEngineNames[e]).join('、');

/** The AI engine that draws scenes, style transfers and AI logos: the config's choice, else the first configured. */
export function aiEngineId(config: AddbgConfig): AiEngineId | null {
  return config.ai_engine ?? AI_ENGINES.find((e) => config[e] !== undefined) ?? null;
}

/** Whether scenes from a prompt can be drawn, and by which engine. */
export function promptSceneEngine(config: AddbgConfig): AddbgEngine | null {
  return aiEngineId(config);
}

/** The reason a feature needing an AI engine cannot run now. */
export function engineNeeded(_config: AddbgConfig, feature: string): string {
  return addbgMessages.engineNeeded(feature, aiNames);
}

/** An option that needs an AI engine: available on the configured one, or listed with the engine it needs. */
export function aiOption(config: AddbgConfig, id: string, name: string, feature: string): AddbgOption {
  const engine = aiEngineId(config);
  if (engine) return { id, name, engine, available: true, reason: null };
  return { id, name, engine: 'sdwebui', available: false, reason: engineNeeded(config, feature) };
}

export function builtinOption(id: string, name: string): AddbgOption {
  return { id, name, engine: 'builtin', available: true, reason: null };
}

/** The configured AI engine's client, or null when none is configured. */
export function createAiEngine(config: AddbgConfig, guardedFetch: GuardedImageFetch): AiImageEngine | null {
  switch (aiEngineId(config)) {
    case 'sdwebui':
      return new SdWebuiEngine(config.sdwebui!);
    case 'comfyui':
      return new ComfyUiEngine(config.comfyui!);
    case 'openai':
      return new OpenAiImageEngine(config.openai!, guardedFetch);
    default:
      return null;
  }
}
