import { chatModels, isChatModule, validationMessage, type ChatModelEntry, type ChatModule } from '@portal/contract';
import { moduleTargets, type LlmConfig, type ModelTarget } from './config';
import { invalidRequest } from './errors';

export const DEMO_MODEL_LABEL = '演示模型';

export interface ModelChoiceInput {
  model_type?: unknown;
  temperature?: unknown;
}

/** A module's model and temperature, checked: the target of a model call. */
export interface ModelChoice {
  module: ChatModule;
  modelType: number;
  temperature: number;
}

/** Floating-point slack so that slider values like 0.7 or 0.95 count as on the step grid. */
const STEP_EPSILON = 1e-6;

function onStep(value: number, min: number, step: number): boolean {
  const steps = (value - min) / step;
  return Math.abs(steps - Math.round(steps)) < STEP_EPSILON;
}

export function isModuleConfigured(config: LlmConfig, module: ChatModule): boolean {
  return Object.keys(moduleTargets(config, module)).length > 0;
}

/** The upstream model for a module's model_type, or undefined when the demo model answers. */
export function resolveTarget(config: LlmConfig, module: ChatModule, modelType: number): ModelTarget | undefined {
  return moduleTargets(config, module)[String(modelType)];
}

/**
 * Checks a request's model choice and temperature against section 9 and the configured models;
 * throws an `invalid_request` LlmError with a Chinese message otherwise.
 */
export function validateModelChoice(config: LlmConfig, module: string, input: ModelChoiceInput): ModelChoice {
  if (!isChatModule(module)) throw invalidRequest(validationMessage('module', '不支持的对话模块'));
  const spec = chatModels[module];

  const modelType = input.model_type ?? spec.defaultModel;
  if (typeof modelType !== 'number' || !spec.models.some((m) => m.id === modelType)) {
    const ids = spec.models.map((m) => `${m.id}（${m.label}）`).join('、');
    throw invalidRequest(validationMessage('model_type', `不支持的模型，可选 ${ids}`));
  }
  if (isModuleConfigured(config, module) && !resolveTarget(config, module, modelType)) {
    throw invalidRequest(validationMessage('model_type', '该模型尚未开通，请选择其他模型'));
  }

  const range = spec.temperature;
  const temperature = input.temperature ?? range.default;
  if (typeof temperature !== 'number' || !Number.isFinite(temperature)) {
    throw invalidRequest(validationMessage('temperature', '必须是数字'));
  }
  if (temperature < range.min - STEP_EPSILON || temperature > range.max + STEP_EPSILON) {
    throw invalidRequest(validationMessage('temperature', `取值范围为 ${range.min} 到 ${range.max}`));
  }
  if (!onStep(temperature, range.min, range.step)) {
    throw invalidRequest(validationMessage('temperature', `步长为 ${range.step}`));
  }

  return { module, modelType, temperature };
}

/**
 * Model selector entries: the configured models with their contract labels; without any, every
 * model of the module, marked as answered by the demo model (so each transport can be tried).
 */
export function listModels(config: LlmConfig, module: ChatModule): ChatModelEntry[] {
  const spec = chatModels[module];
  if (!isModuleConfigured(config, module)) {
    return spec.models.map((m) => ({ id: m.id, label: `${m.label}（${DEMO_MODEL_LABEL}）`, demo: true }));
  }
  return spec.models
    .filter((m) => resolveTarget(config, module, m.id))
    .map((m) => ({ id: m.id, label: m.label, demo: false }));
}
