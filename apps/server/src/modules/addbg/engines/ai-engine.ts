import type { AddbgEngine } from '@portal/contract';

/** What a work's step gives an engine call: its stop signal and where the call's progress goes. */
export interface EngineCall {
  signal?: AbortSignal;
  /** The call's own progress, 0–100 (the runner maps it into the work's percent). */
  progress(percent: number): Promise<void>;
  /** Told the engine's id of what it queued (a ComfyUI prompt), so it can be forgotten later. */
  queued?(engineRef: string): Promise<void>;
}

/** A scene for a product drawn by an engine, at the output size. */
export interface ProductSceneInput {
  prompt: string;
  width: number;
  height: number;
  /** The product where it will be placed, on a transparent canvas of the output size (PNG). */
  placed: Buffer;
  /** White where the engine paints (the background), black over the product (PNG, one band). */
  mask: Buffer;
}

export interface StyleInput {
  /** The source image (PNG). */
  source: Buffer;
  /** What the style should look like, in words the engine understands. */
  prompt: string;
  width: number;
  height: number;
}

export interface LogoInput {
  prompt: string;
  size: number;
}

/**
 * An AI engine behind the image designer (Stable Diffusion WebUI, ComfyUI, an OpenAI-compatible
 * image API). Each answer is an image checked by content; anything else throws, which fails the
 * work and gives its usage back.
 */
export interface AiImageEngine {
  readonly id: Exclude<AddbgEngine, 'builtin'>;
  /** A background painted around the product (inpainting) or drawn for it; the product is put on top after. */
  productScene(input: ProductSceneInput, call: EngineCall): Promise<Buffer>;
  /** The source image redrawn in a style. */
  style(input: StyleInput, call: EngineCall): Promise<Buffer>;
  /** A logo drawn from a description. */
  logo(input: LogoInput, call: EngineCall): Promise<Buffer>;
}

/** Prompt words shared by the engines. */
export const SCENE_PROMPT_SUFFIX = 'empty product photography background, studio lighting, no people, no text';
export const SCENE_NEGATIVE = 'text, watermark, logo, person, extra objects';
export const LOGO_PROMPT_SUFFIX = 'flat vector logo, centered, plain white background, minimal, high contrast';
