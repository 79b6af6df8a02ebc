import { readFile } from 'node:fs/promises';
import logoWorkflow from './comfy-workflows/logo.json';
import portraitTrainWorkflow from './comfy-workflows/portrait-train.json';
import portraitWorkflow from './comfy-workflows/portrait.json';
import sceneWorkflow from './comfy-workflows/scene.json';
import styleWorkflow from './comfy-workflows/style.json';
import { EngineError } from './engine-http';

export type ComfyFunction = 'scene' | 'style' | 'logo' | 'portrait_train' | 'portrait';
export type ComfyWorkflow = Record<string, unknown>;
export type TemplateValues = Record<string, string | number>;

/** The workflows shipped with the project, in ComfyUI's API format, one per function. */
const SHIPPED: Record<ComfyFunction, ComfyWorkflow> = {
  scene: sceneWorkflow,
  style: styleWorkflow,
  logo: logoWorkflow,
  portrait_train: portraitTrainWorkflow,
  portrait: portraitWorkflow,
};

const WHOLE = /^\{\{(\w+)\}\}$/;
const INSIDE = /\{\{(\w+)\}\}/g;

function fill(value: unknown, values: TemplateValues): unknown {
  if (typeof value === 'string') {
    // A whole-string placeholder takes the value's own type (numbers stay numbers for ComfyUI).
    const whole = WHOLE.exec(value);
    const name = whole?.[1];
    if (name !== undefined) {
      if (!(name in values)) throw new EngineError(`workflow placeholder {{${name}}} has no value`);
      return values[name];
    }
    return value.replace(INSIDE, (_m, n: string) => {
      if (!(n in values)) throw new EngineError(`workflow placeholder {{${n}}} has no value`);
      return String(values[n]);
    });
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, values));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, values)]));
  }
  return value;
}

/**
 * A function's workflow with its placeholders filled: the company's own file when the config
 * names one, otherwise the shipped template. Values are put in as data (never parsed as JSON),
 * so a prompt cannot change the workflow's shape.
 */
export async function comfyWorkflow(
  fn: ComfyFunction,
  values: TemplateValues,
  ownFile: string | undefined,
): Promise<ComfyWorkflow> {
  const template = ownFile ? (JSON.parse(await readFile(ownFile, 'utf8')) as ComfyWorkflow) : SHIPPED[fn];
  return fill(template, values) as ComfyWorkflow;
}
