import { addbgMessages, type AddbgOption, type FacechainCanCreate } from '@portal/contract';
import type { AddbgConfig } from './config';
import { ComfyPortraitEngine, type PortraitEngine } from './engines/comfy-portraits';

export interface PortraitStyle {
  id: string;
  name: string;
  prompt: string;
}
export interface PortraitModel {
  id: string;
  name: string;
  checkpoint: string;
}

/** The styles offered when the config names none. */
const DEFAULT_STYLES: readonly PortraitStyle[] = [
  {
    id: 'idphoto',
    name: '证件照',
    prompt:
      'professional ID photo, head and shoulders, facing the camera, plain light blue background, formal shirt, even studio lighting, sharp focus',
  },
  {
    id: 'business',
    name: '商务形象照',
    prompt:
      'corporate headshot, business suit, modern office background softly blurred, soft key light, confident natural smile',
  },
  {
    id: 'portrait',
    name: '艺术写真',
    prompt: 'fine art portrait, natural window light, shallow depth of field, film photography, warm tones',
  },
  {
    id: 'outdoor',
    name: '户外旅拍',
    prompt: 'travel portrait outdoors, city park in spring, golden hour sunlight, casual clothes, candid',
  },
  {
    id: 'graduation',
    name: '毕业照',
    prompt: 'graduation portrait, academic gown and cap, university campus background, bright daylight',
  },
];

export function portraitStyles(config: AddbgConfig): readonly PortraitStyle[] {
  return config.facechain.styles ?? DEFAULT_STYLES;
}

/** The base models: the config's, else the engine's configured checkpoint. */
export function portraitModels(config: AddbgConfig): readonly PortraitModel[] {
  return (
    config.facechain.models ?? [
      {
        id: 'default',
        name: '默认写真模型',
        checkpoint: config.comfyui?.checkpoint ?? 'v1-5-pruned-emaonly.safetensors',
      },
    ]
  );
}

/** The engine that trains and draws portraits: ComfyUI only (see `facechainSdwebuiOnly`). */
export function portraitEngineId(config: AddbgConfig): 'comfyui' | null {
  return config.comfyui ? 'comfyui' : null;
}

export function createPortraitEngine(config: AddbgConfig): PortraitEngine | null {
  return config.comfyui ? new ComfyPortraitEngine(config.comfyui) : null;
}

/** Why portraits cannot be made now, or null when they can. */
export function portraitUnavailable(config: AddbgConfig): string | null {
  if (portraitEngineId(config)) return null;
  return config.sdwebui ? addbgMessages.facechainSdwebuiOnly : addbgMessages.facechainNeedsGpu;
}

export function canCreate(config: AddbgConfig): FacechainCanCreate {
  const reason = portraitUnavailable(config);
  return { can_create: reason === null, reason, engines: ['comfyui'] };
}

export function portraitOption(config: AddbgConfig, id: string, name: string): AddbgOption {
  const reason = portraitUnavailable(config);
  return { id, name, engine: 'comfyui', available: reason === null, reason };
}

/** The word a set's person is trained under: unusual, so it means nothing else to the model. */
export const triggerOf = (setId: string) => `pfc${setId.slice(0, 8)}`;
