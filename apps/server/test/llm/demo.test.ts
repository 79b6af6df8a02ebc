import { describe, expect, it } from 'vitest';
import { createLlmGateway, DEMO_MODEL_LABEL } from '../../src/services/llm';
import { ask, collect } from './helpers';

const demoGateway = () => createLlmGateway({}, { env: {}, demoChunkDelayMs: 1 });

describe('built-in demo model', () => {
  it('lists every model of an unconfigured module, each marked as the demo model', () => {
    const gateway = demoGateway();
    expect(gateway.listModels('chatgpt').map((m) => m.id)).toEqual([0, 100, 120, 200, 300]);
    expect(gateway.listModels('chatgpt').every((m) => m.demo && m.label.endsWith(`（${DEMO_MODEL_LABEL}）`))).toBe(
      true,
    );
    expect(gateway.listModels('deepseek')).toEqual([
      { id: 0, label: 'DeepSeek-V3（演示模型）', demo: true },
      { id: 1, label: 'DeepSeek-R1（演示模型）', demo: true },
    ]);
    expect(gateway.isDemo('metaso', 1)).toBe(true);
  });

  it('streams a labelled markdown answer that reflects the question', async () => {
    const gateway = demoGateway();
    const result = await collect(
      gateway.streamChat({ module: 'chatgpt', modelType: 120, temperature: 1, messages: ask('如何写周报？\n要简洁') }),
    );

    expect(result.error).toBeUndefined();
    expect(result.content).toContain('演示模型');
    // Staff read stored answers: the notice, never the setup steps (config file, restart).
    expect(result.content).toContain('管理员尚未接入模型服务');
    expect(result.content).not.toMatch(/配置文件|重启|providers/);
    expect(result.content).toContain('> 如何写周报？\n> 要简洁');
    expect(result.content).toContain('| 所选模型 | GPT-4o |');
    const pieces = result.chunks.filter((c) => c.type === 'content');
    expect(pieces.length).toBeGreaterThan(20);
    expect(result.chunks.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
  });

  it('shows a reasoning part for the reasoning model', async () => {
    const result = await collect(
      demoGateway().streamChat({ module: 'deepseek', modelType: 1, temperature: 0.5, messages: ask('hi') }),
    );
    expect(result.reasoning).toContain('演示模型');
    expect(result.content).toContain('演示模型');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const result = await collect(
      demoGateway().streamChat({
        module: 'chatgpt',
        modelType: 100,
        temperature: 1,
        messages: ask('hi'),
        signal: controller.signal,
      }),
      (chunk) => {
        if (chunk.type === 'content') controller.abort();
      },
    );
    expect(result.error?.kind).toBe('aborted');
    expect(result.chunks.filter((c) => c.type === 'content')).toHaveLength(1);
  });

  it('still validates the request', async () => {
    const result = await collect(
      demoGateway().streamChat({ module: 'chatgpt', modelType: 7, temperature: 1, messages: ask('hi') }),
    );
    expect(result.error?.kind).toBe('invalid_request');
  });
});
