import {
  createLlmGateway,
  LlmError,
  type LlmChunk,
  type LlmConfigInput,
  type LlmGateway,
} from '../../src/services/llm';
import type { FakeUpstream } from './fake-upstream';

export const FAKE_KEY = 'sk-test-secret';

/** Every chat model of every module routed to the fake under a readable model name. */
export function fakeConfig(fake: FakeUpstream, overrides: Partial<LlmConfigInput> = {}): LlmConfigInput {
  const target = (model: string) => ({ provider: 'fake', model });
  return {
    endpoints: {
      fake: {
        baseUrl: fake.baseUrl,
        apiKeyEnv: 'FAKE_LLM_KEY',
        headers: { 'x-tenant': 'portal' },
        retries: 1,
        idleTimeoutMs: 5_000,
      },
    },
    models: {
      chatgpt: {
        '0': target('gpt-3.5-turbo'),
        '100': target('gpt-4'),
        '120': target('gpt-4o'),
        // ERNIE and GLM: OpenAI-compatible endpoints like the others.
        '200': target('ernie-4.0'),
        '300': target('glm-4'),
      },
      deepseek: { '0': target('deepseek-chat'), '1': target('deepseek-reasoner') },
      metaso: { '0': target('meta-llm'), '1': target('metaso-dsr1') },
    },
    ...overrides,
  };
}

export function fakeGateway(fake: FakeUpstream, overrides: Partial<LlmConfigInput> = {}): LlmGateway {
  return createLlmGateway(fakeConfig(fake, overrides), { env: { FAKE_LLM_KEY: FAKE_KEY }, demoChunkDelayMs: 1 });
}

export interface Collected {
  chunks: LlmChunk[];
  error?: LlmError;
  content: string;
  reasoning: string;
}

/** Drains a stream, keeping what arrived before a failure. */
export async function collect(
  stream: AsyncIterable<LlmChunk>,
  onChunk?: (chunk: LlmChunk) => void,
): Promise<Collected> {
  const chunks: LlmChunk[] = [];
  let error: LlmError | undefined;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk);
      onChunk?.(chunk);
    }
  } catch (e) {
    if (!(e instanceof LlmError)) throw e;
    error = e;
  }
  const text = (type: 'content' | 'reasoning') => chunks.map((c) => (c.type === type ? c.text : '')).join('');
  return { chunks, error, content: text('content'), reasoning: text('reasoning') };
}

export const ask = (prompt: string) => [{ role: 'user' as const, content: prompt }];
