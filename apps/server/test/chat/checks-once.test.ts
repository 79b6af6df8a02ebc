import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../helper';
import { ask, buildChatApp, chatgptAsk, tokenFor } from './helpers';

// Counted where the gateway and the chat module both check: the prompt's limits and the model choice.
const counted = vi.hoisted(() => ({ prompt: 0, model: 0 }));
vi.mock('../../src/services/llm/limits', async (actual) => {
  const real = await actual<typeof import('../../src/services/llm/limits')>();
  return {
    ...real,
    checkPrompt: (...args: Parameters<typeof real.checkPrompt>) => {
      counted.prompt++;
      return real.checkPrompt(...args);
    },
  };
});
vi.mock('../../src/services/llm/models', async (actual) => {
  const real = await actual<typeof import('../../src/services/llm/models')>();
  return {
    ...real,
    validateModelChoice: (...args: Parameters<typeof real.validateModelChoice>) => {
      counted.model++;
      return real.validateModelChoice(...args);
    },
  };
});

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildChatApp();
  admin = await tokenFor(t, 'admin');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  counted.prompt = 0;
  counted.model = 0;
});

describe('an ask is checked once', () => {
  it('a new question: its prompt and model once, when it is accepted', async () => {
    const res = await ask(t, admin, 'chatgpt', chatgptAsk('一次检查'));
    expect(res.events.at(-1)).toMatchObject({ event: 'finish', data: { status: 'done' } });
    expect(counted).toEqual({ prompt: 1, model: 1 });
  });

  it('a question answered from a web search (metaso): once too', async () => {
    const res = await ask(t, admin, 'metaso', { prompt: '搜索一次', model_type: 1, temperature: 1 });
    expect(res.events.at(-1)).toMatchObject({ event: 'finish', data: { status: 'done' } });
    expect(counted).toEqual({ prompt: 1, model: 1 });
  });

  it('a regenerated answer: once', async () => {
    const first = await ask(t, admin, 'chatgpt', chatgptAsk('再答一次'));
    const convId = String(first.events.at(-1)!.data.conv_id);
    counted.prompt = 0;
    counted.model = 0;
    const again = await ask(t, admin, 'chatgpt', chatgptAsk('ignored', { conv_id: convId, regenerate: true }));
    expect(again.events.at(-1)).toMatchObject({ event: 'finish', data: { status: 'done' } });
    expect(counted).toEqual({ prompt: 1, model: 1 });
  });
});
