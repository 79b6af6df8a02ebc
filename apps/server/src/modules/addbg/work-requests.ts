import {
  ErrorCode,
  addbgMessages,
  type CutoutBody,
  type LogoGenerateBody,
  type ProductGenerateBody,
  type StyleTransformBody,
} from '@portal/contract';
import { AppError } from '../../errors/app-error';
import { findBackground } from './backgrounds';
import {
  DEFAULT_LIGHT_ID,
  DEFAULT_LOGO_STYLE_ID,
  DEFAULT_SIZE_ID,
  LIGHTS,
  LOGO_STYLES,
  SIZES,
  STYLE_PRESETS,
} from './catalog';
import type { AddbgConfig } from './config';
import { aiEngineId, engineNeeded, promptSceneEngine } from './engines';
import type { NewWork } from './addbg-service';

const invalid = (message: string) => new AppError(ErrorCode.validation, message);

/** What a product work stores as its params, resolved and checked when it is asked for. */
export interface ProductParams {
  background_id: string | null;
  /** A scene drawn by an AI engine from this description. */
  prompt: string | null;
  color: string | null;
  size_id: string;
  light_id: string;
  count: number;
  scale: number;
  x: number;
  y: number;
  shadow: boolean;
  /** The brush-corrected mask (an uploaded PNG, white = product) used instead of a cutout. */
  mask_file_id?: string | null;
}

export interface LogoParams {
  text: string;
  slogan: string | null;
  style_id: string;
  color: string;
  count: number;
  /** Drawn by the AI engine rather than from the template. */
  ai?: boolean;
}

export interface StyleParams {
  model_id: string;
  /** What the engine is asked for: the preset's words and the person's own. */
  prompt: string;
}

export function cutoutWork(body: CutoutBody): NewWork {
  return {
    kind: 'cutout',
    engine: 'builtin',
    sourceFileId: body.file_id,
    projectId: body.project_id,
    params: {},
    images: 1,
  };
}

/**
 * A product on a new background. A prompt asks for a scene an AI engine draws; without one
 * configured it is refused with the engine it needs, before any usage is spent.
 */
export function productWork(body: ProductGenerateBody, config: AddbgConfig): NewWork {
  const wantsPrompt = body.background_id === 'prompt' || Boolean(body.prompt && !body.background_id && !body.color);
  const promptEngine = wantsPrompt ? promptSceneEngine(config) : null;
  if (wantsPrompt && !promptEngine) throw invalid(engineNeeded(config, '按描述生成场景'));
  if (wantsPrompt && !body.prompt) throw invalid('请描述想要的场景');
  if (body.background_id && !findBackground(body.background_id)) throw invalid(addbgMessages.unknownBackground);
  const sizeId = body.size_id ?? DEFAULT_SIZE_ID;
  if (!SIZES.some((s) => s.id === sizeId)) throw invalid(addbgMessages.unknownSize);
  const lightId = body.light_id ?? DEFAULT_LIGHT_ID;
  if (!LIGHTS.some((l) => l.id === lightId)) throw invalid(addbgMessages.unknownLight);
  const params: ProductParams = {
    background_id: wantsPrompt ? null : (body.background_id ?? null),
    prompt: wantsPrompt ? (body.prompt ?? null) : null,
    color: body.color ?? null,
    size_id: sizeId,
    light_id: lightId,
    count: body.count,
    scale: body.scale,
    x: body.x,
    y: body.y,
    shadow: body.shadow,
    mask_file_id: body.mask_file_id ?? null,
  };
  return {
    kind: 'product',
    engine: promptEngine ?? 'builtin',
    sourceFileId: body.file_id,
    projectId: body.project_id,
    params: { ...params },
    images: body.count,
  };
}

export function logoWork(body: LogoGenerateBody, config: AddbgConfig): NewWork {
  const ai = Boolean(body.model_id && body.model_id !== 'builtin');
  const engine = ai ? aiEngineId(config) : 'builtin';
  if (!engine) throw invalid(engineNeeded(config, 'AI Logo 生成'));
  if (ai && body.model_id !== 'ai') throw invalid('Logo 模型不存在');
  const styleId = body.style_id ?? DEFAULT_LOGO_STYLE_ID;
  if (!LOGO_STYLES.some((s) => s.id === styleId)) throw invalid(addbgMessages.unknownStyle);
  const params: LogoParams = {
    text: body.text,
    slogan: body.slogan || null,
    style_id: styleId,
    color: body.color ?? '#1f6feb',
    count: body.count,
    ai,
  };
  return {
    kind: 'logo',
    engine,
    sourceFileId: null,
    projectId: body.project_id,
    params: { ...params },
    images: body.count,
  };
}

/** A source image redrawn in a preset style on the configured AI engine; refused without one. */
export function styleWork(body: StyleTransformBody, config: AddbgConfig): NewWork {
  const engine = aiEngineId(config);
  if (!engine) throw invalid(engineNeeded(config, '风格迁移'));
  const preset = STYLE_PRESETS.find((p) => p.id === body.model_id);
  if (!preset) throw invalid(addbgMessages.unknownStyle);
  const params: StyleParams = {
    model_id: preset.id,
    prompt: body.prompt ? `${preset.prompt}, ${body.prompt}` : preset.prompt,
  };
  return {
    kind: 'style',
    engine,
    sourceFileId: body.file_id,
    projectId: body.project_id,
    params: { ...params },
    images: 1,
  };
}
