import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ThinkTagSplitter } from '../../src/services/llm/think-tags';
import type { LlmChunk } from '../../src/services/llm';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream';
import { ask, collect, fakeGateway } from './helpers';

function split(pieces: string[]): { reasoning: string; content: string } {
  const splitter = new ThinkTagSplitter();
  const chunks: LlmChunk[] = [...pieces.flatMap((p) => splitter.push(p)), ...splitter.flush()];
  const text = (type: 'reasoning' | 'content') => chunks.map((c) => (c.type === type ? c.text : '')).join('');
  return { reasoning: text('reasoning'), content: text('content') };
}

describe('inline <think> reasoning', () => {
  it('splits tags cut anywhere between deltas', () => {
    expect(split(['<thi', 'nk>想', '法</th', 'ink>\n\n答', '案'])).toEqual({ reasoning: '想法', content: '答案' });
    expect(split(['\n<think>', 'a<b', '</think>', 'c'])).toEqual({ reasoning: 'a<b', content: 'c' });
  });

  it('leaves answers without a leading tag alone', () => {
    expect(split(['<', 'table>'])).toEqual({ reasoning: '', content: '<table>' });
    expect(split(['答案 <think>x</think>'])).toEqual({ reasoning: '', content: '答案 <think>x</think>' });
  });

  it('keeps unterminated reasoning as reasoning', () => {
    expect(split(['<think>还在想</thi'])).toEqual({ reasoning: '还在想</thi', content: '' });
  });
});

describe('streamChat with thinkTags', () => {
  let fake: FakeUpstream;
  beforeAll(async () => {
    fake = await startFakeUpstream();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('turns inline reasoning into reasoning chunks for models configured so', async () => {
    fake.next({ tokens: ['<think>', '推理', '</think>', '结论'] });
    const gateway = fakeGateway(fake, {
      endpoints: { fake: { baseUrl: fake.baseUrl } },
      models: { deepseek: { '1': { provider: 'fake', model: 'deepseek-r1:7b', thinkTags: true } } },
    });
    const result = await collect(
      gateway.streamChat({ module: 'deepseek', modelType: 1, temperature: 0.5, messages: ask('q') }),
    );
    expect(result.reasoning).toBe('推理');
    expect(result.content).toBe('结论');
  });
});
