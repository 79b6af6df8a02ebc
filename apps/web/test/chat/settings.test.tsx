import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatModels, type ChatModule } from '@portal/contract';
import { chatModuleConfigs } from '../../src/features/chat';
import { draftKey } from '../../src/components/thread';
import { useChatStore } from '../../src/features/chat/store/chat-store';
import { clampTemperature } from '../../src/features/chat/utils/temperature';
import { createBackend, installChatDom, renderChat, resetChatState, textarea } from './chat-harness';

beforeAll(installChatDom);
beforeEach(resetChatState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('chat module config', () => {
  it('follows section 3 and 9 for every module', () => {
    expect(chatModuleConfigs.chatgpt).toMatchObject({
      type: 2,
      topPath: '/chatgpt',
      chatApiPath: '/api/chatgpt',
      useStatus: true,
    });
    expect(chatModuleConfigs.deepseek).toMatchObject({ type: 10, topPath: '/deepseek', chatApiPath: '/api/deepseek' });
    expect(chatModuleConfigs.metaso).toMatchObject({ type: 11, topPath: '/metaso', chatApiPath: '/api/metaso' });
    expect(chatModuleConfigs.chatgpt.temperatureConfig).toEqual({ min: 0, max: 2, step: 0.1, default: 1 });
    expect(chatModuleConfigs.deepseek.temperatureConfig).toEqual({ min: 0.05, max: 1, step: 0.05, default: 0.95 });
    expect(chatModuleConfigs.metaso.modelTypeConfig.defaultModel).toBe(1);
    expect(chatModuleConfigs.metaso.searchOptions?.languages.map((l) => l.label)).toEqual(['回复中文', '回复英文']);
    expect(chatModuleConfigs.metaso.searchOptions?.scopes.map((s) => s.label)).toEqual([
      '全网及文献',
      '全网（不含文献）',
    ]);
    expect(chatModuleConfigs.chatgpt.searchOptions).toBeUndefined();
    for (const config of Object.values(chatModuleConfigs))
      expect(config.welcomeConfig.prompts.length).toBeGreaterThan(0);
  });

  it('clamps temperatures onto each module range and step grid', () => {
    const gpt = chatModels.chatgpt.temperature;
    const ds = chatModels.deepseek.temperature;
    expect(clampTemperature(5, gpt)).toBe(2);
    expect(clampTemperature(-1, gpt)).toBe(0);
    expect(clampTemperature(0.1 + 0.2, gpt)).toBe(0.3);
    expect(clampTemperature(0, ds)).toBe(0.05);
    expect(clampTemperature(1.5, ds)).toBe(1);
    expect(clampTemperature(0.33, ds)).toBe(0.35);
  });
});

describe('composer settings', { timeout: 90_000 }, () => {
  const cases: [ChatModule, string][] = [
    ['chatgpt', 'ChatGPT 智能对话'],
    ['deepseek', 'DeepSeek 深度求索'],
    ['metaso', '智能搜索助手'],
  ];
  for (const [module, title] of cases) {
    it(`${module}: temperature is a slider over the module's range and step, starting at its default`, async () => {
      const range = chatModels[module].temperature;
      renderChat(`/${module}/welcome`, createBackend());
      await screen.findByText(title, { selector: 'h5' });
      const input = screen.getByLabelText('温度') as HTMLInputElement;
      expect(input.type).toBe('range');
      expect(input.getAttribute('min')).toBe(String(range.min));
      expect(input.getAttribute('max')).toBe(String(range.max));
      expect(input.getAttribute('step')).toBe(String(range.step));
      expect(input.value).toBe(String(range.default));

      const inside = clampTemperature(range.min + range.step * 3, range);
      fireEvent.change(input, { target: { value: String(inside) } });
      await waitFor(() => expect(useChatStore.getState().settings[module].temperature).toBe(inside));
      // The value beside the slider says what is chosen.
      expect(input.parentElement?.textContent).toBe(String(inside));
      // Nothing outside the range can be chosen.
      fireEvent.change(input, { target: { value: '9' } });
      await waitFor(() => expect(useChatStore.getState().settings[module].temperature).toBe(range.max));
    });
  }

  it('metaso sends its language and scope with the question', async () => {
    const backend = createBackend({ models: [{ id: 1, label: 'metaso-dsr1', demo: false }] });
    renderChat('/metaso/welcome', backend);
    await screen.findByText('智能搜索助手', { selector: 'h5' });
    expect(screen.getByText('回复中文')).toBeTruthy();
    expect(screen.getByText('全网及文献')).toBeTruthy();
    useChatStore.getState().setSettings('metaso', { lang: 1, enableMix: false });
    await screen.findByText('回复英文');
    fireEvent.change(textarea(), { target: { value: '搜索一下' } });
    fireEvent.keyDown(textarea(), { key: 'Enter', code: 'Enter' });
    const stream = await backend.nextStream();
    expect(stream.body).toEqual({
      conv_id: 'c1',
      prompt: '搜索一下',
      model_type: 1,
      temperature: 1,
      lang: 1,
      enableMix: false,
    });
    expect(backend.calls('/api/metaso/conversation/create')[0]?.body).toMatchObject({ lang: 1, enableMix: false });
  });

  it('keeps the unsent draft across a reload and clears it once sent', async () => {
    const backend = createBackend();
    renderChat('/deepseek/welcome', backend);
    await screen.findByText('DeepSeek 深度求索', { selector: 'h5' });
    fireEvent.change(textarea(), { target: { value: '还没写完的问题' } });
    expect(localStorage.getItem(draftKey('deepseek'))).toBe('还没写完的问题');
    cleanup();

    renderChat('/deepseek/welcome', backend);
    await screen.findByText('DeepSeek 深度求索', { selector: 'h5' });
    expect(textarea().value).toBe('还没写完的问题');
    // Drafts are per module.
    cleanup();
    renderChat('/chatgpt/welcome', backend);
    await screen.findByText('ChatGPT 智能对话', { selector: 'h5' });
    expect(textarea().value).toBe('');
    cleanup();

    renderChat('/deepseek/welcome', backend);
    await screen.findByText('DeepSeek 深度求索', { selector: 'h5' });
    fireEvent.keyDown(textarea(), { key: 'Enter', code: 'Enter' });
    await backend.nextStream();
    expect(localStorage.getItem(draftKey('deepseek'))).toBeNull();
  });

  it('keeps the draft when creating the conversation fails', async () => {
    const backend = createBackend();
    const failing = (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/conversation/create')
        ? new Response(JSON.stringify({ code: 5000, message: '服务器内部错误，请稍后再试', data: null }), {
            status: 500,
          })
        : backend.fetch(input, init)) as typeof fetch;
    renderChat('/chatgpt/welcome', { ...backend, fetch: failing });
    await screen.findByText('ChatGPT 智能对话', { selector: 'h5' });
    fireEvent.change(textarea(), { target: { value: '重要的问题' } });
    fireEvent.keyDown(textarea(), { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(localStorage.getItem(draftKey('chatgpt'))).toBe('重要的问题'));
    await waitFor(() => expect(textarea().value).toBe('重要的问题'));
  });
});
