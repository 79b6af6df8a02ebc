import type { LlmChunk, LlmGateway } from '../../services/llm';
import type { MarketingConfig } from './config';
import { demoAnalysis, type AnalysisPrompt, type CaseInput } from './prompts';

/** The module's only call into the model gateway: the frame's instructions as the system prompt. */
export async function* callAnalysisModel(
  llm: LlmGateway,
  config: MarketingConfig,
  prompt: AnalysisPrompt,
  input: CaseInput,
  signal: AbortSignal,
): AsyncGenerator<LlmChunk> {
  const { module, model_type: modelType, temperature } = config.model;
  const messages = [{ role: 'system' as const, content: prompt.system }, ...llm.trimHistory(prompt.turns)];
  yield* llm.streamChat({ module, modelType, temperature, messages, signal, demo: () => demoAnalysis(input) });
}
