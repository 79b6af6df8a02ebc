import type { LlmChunk, LlmGateway } from '../../services/llm';
import { LlmError } from '../../services/llm';
import type { MarketingConfig } from './config';
import { demoAnalysis, type AnalysisPrompt, type CaseInput } from './prompts';

const DEMO_PIECE_CHARS = 6;

async function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) throw new LlmError('aborted');
  if (ms <= 0) return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new LlmError('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The demo analysis streamed in small pieces, like a model would. */
async function* streamDemoAnalysis(input: CaseInput, delayMs: number, signal: AbortSignal): AsyncGenerator<LlmChunk> {
  const chars = Array.from(demoAnalysis(input));
  for (let i = 0; i < chars.length; i += DEMO_PIECE_CHARS) {
    await pause(delayMs, signal);
    yield { type: 'content', text: chars.slice(i, i + DEMO_PIECE_CHARS).join('') };
  }
  yield { type: 'done', finishReason: 'stop' };
}

/** The module's only call into the model gateway: the frame's instructions as the system prompt. */
export async function* callAnalysisModel(
  llm: LlmGateway,
  config: MarketingConfig,
  prompt: AnalysisPrompt,
  input: CaseInput,
  signal: AbortSignal,
): AsyncGenerator<LlmChunk> {
  const { module, model_type: modelType, temperature } = config.model;
  if (llm.isDemo(module, modelType)) {
    yield* streamDemoAnalysis(input, config.demo_chunk_delay_ms, signal);
    return;
  }
  const messages = [{ role: 'system' as const, content: prompt.system }, ...llm.trimHistory(prompt.turns)];
  yield* llm.streamChat({ module, modelType, temperature, messages, signal });
}
