import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation } from '@portal/contract';
import { MESSAGE_PAGE } from '../../src/components/thread';
import { createBackend, installChatDom, message, renderChat, resetChatState } from './chat-harness';

beforeAll(installChatDom);
beforeEach(resetChatState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const conv = (conv_id: string, title: string, type = 2): Conversation => ({
  conv_id,
  title,
  type,
  model_type: 100,
  last_prompt_temperature: 0.7,
});

describe('chat sessions', { timeout: 90_000 }, () => {
  it('loads a conversation from ?id= with reasoning in 思考过程 and metaso sources', async () => {
    const messages: Record<string, ChatMessage[]> = {
      c9: [
        message({ message_id: 'q1', role: 'user', content: '今天有什么新闻？' }),
        message({
          message_id: 'a1',
          role: 'assistant',
          content: '主要新闻如下 [1]。',
          reasoning: '先搜索，再总结。',
          citations: [{ index: 1, title: '新闻网', url: 'https://news.example.com/a', snippet: '' }],
        }),
      ],
    };
    const backend = createBackend({
      conversations: [{ ...conv('c9', '新闻速览', 11), lang: 1, enableMix: false }],
      messages,
    });
    renderChat('/metaso/session?id=c9', backend);

    expect(await screen.findByText('今天有什么新闻？')).toBeTruthy();
    expect(backend.calls('/api/metaso/message/list')[0]?.params.get('conv_id')).toBe('c9');
    expect(screen.getByText('思考过程')).toBeTruthy();
    expect(screen.getByText('先搜索，再总结。')).toBeTruthy();
    const sources = await screen.findByLabelText('参考来源');
    expect(within(sources).getByText('新闻网').getAttribute('href')).toBe('https://news.example.com/a');
    await waitFor(() => expect(screen.getByTestId('chat-title').textContent).toBe('新闻速览'));
    // The conversation's own options are applied to the composer.
    await waitFor(() => expect(screen.getByText('回复英文')).toBeTruthy());
    expect(screen.getByText('全网（不含文献）')).toBeTruthy();
  });

  it('shows 暂无会话 when the module has no conversations', async () => {
    renderChat('/deepseek/welcome', createBackend());
    expect(await screen.findByText('暂无会话')).toBeTruthy();
    expect(screen.getByText('DeepSeek 深度求索', { selector: 'h5' })).toBeTruthy();
  });

  it('renames and deletes conversations from the list', async () => {
    const backend = createBackend({ conversations: [conv('c1', '旧名字'), conv('c2', '要删除的')] });
    const { router } = renderChat('/chatgpt/session?id=c2', backend);
    await screen.findByText('旧名字');

    const openMenu = (title: string) => {
      const item = screen.getByText(title, { selector: '.chat-conv-title' }).closest('li')!;
      fireEvent.click(item.querySelector('.chat-conv-more')!);
    };

    openMenu('旧名字');
    fireEvent.click(await screen.findByRole('menuitem', { name: /重命名/ }));
    const input = await screen.findByLabelText('会话名称');
    fireEvent.change(input, { target: { value: '  新名字  ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(backend.calls('/api/chatgpt/conversation/update')).toHaveLength(1));
    expect(backend.calls('/conversation/update')[0]?.body).toEqual({ conv_id: 'c1', title: '新名字', type: 2 });
    expect(await screen.findByText('新名字', { selector: '.chat-conv-title' })).toBeTruthy();

    openMenu('要删除的');
    fireEvent.click(await screen.findByRole('menuitem', { name: /删除/ }));
    expect(await screen.findByRole('alertdialog', { name: '删除会话' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    await waitFor(() => expect(backend.calls('/api/chatgpt/conversation/delete')).toHaveLength(1));
    expect(backend.calls('/conversation/delete')[0]?.body).toEqual({ conv_id: 'c2', type: 2 });
    // The open conversation was deleted: back to the welcome screen.
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatgpt/welcome'));
    expect(screen.queryByText('要删除的', { selector: '.chat-conv-title' })).toBeNull();
  });

  it('lists image conversations: they open in the image mode, rename and delete by their own type', async () => {
    const image = { ...conv('m1', '雪山小屋'), type: 1, model_type: 0 };
    const backend = createBackend({ conversations: [image, conv('c1', '文字对话')] });
    const { router } = renderChat('/chatgpt/welcome', backend);
    await screen.findByText('雪山小屋', { selector: '.chat-conv-title' });

    const item = screen.getByText('雪山小屋', { selector: '.chat-conv-title' }).closest('li')!;
    // Marked as an image conversation; the text one is not.
    expect(item.querySelector('[aria-label="图片创作"]')).not.toBeNull();
    const text = screen.getByText('文字对话', { selector: '.chat-conv-title' }).closest('li')!;
    expect(text.querySelector('[aria-label="图片创作"]')).toBeNull();
    fireEvent.click(item.querySelector('.chat-conv-more')!);
    fireEvent.click(await screen.findByRole('menuitem', { name: /重命名/ }));
    const input = await screen.findByLabelText('会话名称');
    fireEvent.change(input, { target: { value: '小屋' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(backend.calls('/api/chatgpt/conversation/update')).toHaveLength(1));
    expect(backend.calls('/conversation/update')[0]?.body).toEqual({ conv_id: 'm1', title: '小屋', type: 1 });

    const renamed = (await screen.findByText('小屋', { selector: '.chat-conv-title' })).closest('li')!;
    fireEvent.click(renamed.querySelector('.chat-conv-more')!);
    fireEvent.click(await screen.findByRole('menuitem', { name: /删除/ }));
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    await waitFor(() => expect(backend.calls('/api/chatgpt/conversation/delete')).toHaveLength(1));
    expect(backend.calls('/conversation/delete')[0]?.body).toEqual({ conv_id: 'm1', type: 1 });
    await waitFor(() => expect(screen.queryByText('小屋', { selector: '.chat-conv-title' })).toBeNull());
    expect(router.state.location.pathname).toBe('/chatgpt/welcome');
  });

  it('opens an image conversation of the list in the image mode', async () => {
    const backend = createBackend({ conversations: [{ ...conv('m2', '星空'), type: 1, model_type: 0 }] });
    const { router } = renderChat('/chatgpt/welcome', backend);
    fireEvent.click(await screen.findByText('星空', { selector: '.chat-conv-title' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chatgpt/image'));
    expect(router.state.location.search).toBe('?id=m2');
  });

  it('likes, dislikes and copies an answer', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const backend = createBackend({
      conversations: [conv('c9', '反馈')],
      messages: {
        c9: [
          message({ message_id: 'q1', role: 'user', content: '问' }),
          message({ message_id: 'a1', role: 'assistant', content: '答案文本' }),
        ],
      },
    });
    renderChat('/chatgpt/session?id=c9', backend);
    await screen.findByText('答案文本');

    fireEvent.click(screen.getByLabelText('点赞'));
    await waitFor(() => expect(screen.getByLabelText('取消点赞')).toBeTruthy());
    expect(backend.calls('/api/feedback/like')[0]?.body).toEqual({ message_id: 'a1', type: 2, conv_id: 'c9' });
    fireEvent.click(screen.getByLabelText('取消点赞'));
    await waitFor(() => expect(backend.calls('/api/feedback/unlike')).toHaveLength(1));

    fireEvent.click(screen.getByLabelText('点踩'));
    await waitFor(() => expect(backend.calls('/api/feedback/dislike')).toHaveLength(1));

    fireEvent.click(screen.getByLabelText('复制'));
    await waitFor(() => expect(backend.calls('/api/feedback/copy')).toHaveLength(1));
    expect(writeText).toHaveBeenCalledWith('答案文本');
    expect(screen.getByLabelText('已复制')).toBeTruthy();
  });

  it('loads the newest page and pages back with 加载更早的消息', async () => {
    const total = MESSAGE_PAGE * 2 + 6;
    const list = Array.from({ length: total }, (_, i) =>
      message({ message_id: `m${i}`, role: i % 2 ? 'assistant' : 'user', content: `消息${i}` }),
    );
    const backend = createBackend({ conversations: [conv('c9', '很长的会话')], messages: { c9: list } });
    renderChat('/chatgpt/session?id=c9', backend);
    await screen.findByText(`消息${total - 1}`);
    expect(screen.getByText(`消息${total - MESSAGE_PAGE}`)).toBeTruthy();
    expect(screen.queryByText(`消息${total - MESSAGE_PAGE - 1}`)).toBeNull();
    expect(backend.calls('/message/list')[0]?.params.get('page')).toBe('1');

    fireEvent.click(screen.getByText('加载更早的消息'));
    expect(await screen.findByText(`消息${total - 2 * MESSAGE_PAGE}`)).toBeTruthy();
    expect(backend.calls('/message/list')[1]?.params.get('page')).toBe('2');
    fireEvent.click(screen.getByText('加载更早的消息'));
    expect(await screen.findByText('消息0')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('加载更早的消息')).toBeNull());
    // Every message once, in order.
    const shown = [...document.querySelectorAll('[data-testid="chat-question"], [data-testid="chat-answer"]')].map(
      (el) => el.textContent,
    );
    expect(shown).toEqual(list.map((m) => m.content));
  });

  it('shows the 演示模型 label and the usage counter', async () => {
    const backend = createBackend({
      models: [{ id: 100, label: '演示模型', demo: true }],
      usage: { total_cnt: 9999, rest_usage_cnt: 20000, rest_recovery_duration: 0, list: [] },
    });
    renderChat('/chatgpt/welcome', backend);
    await waitFor(() => expect(screen.getAllByText('演示模型').length).toBeGreaterThan(0));
    expect((await screen.findByTestId('chat-usage')).textContent).toBe('剩余次数 2万 / 9999');
  });

  it('sends an example prompt from the welcome screen', async () => {
    const backend = createBackend();
    const { router } = renderChat('/chatgpt/welcome', backend);
    fireEvent.click(await screen.findByText('用三句话解释什么是大语言模型'));
    const stream = await backend.nextStream();
    expect(stream.body).toMatchObject({ prompt: '用三句话解释什么是大语言模型', conv_id: 'c1' });
    await waitFor(() => expect(router.state.location.search).toBe('?id=c1'));
  });
});
