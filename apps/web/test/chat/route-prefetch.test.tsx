import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@portal/contract';
import { conversationsQuery } from '../../src/features/chat/api/list-conversations';
import { chatModuleConfig } from '../../src/features/chat/config/chat-modules';
import { prefetchChatQueries } from '../../src/features/chat/route-prefetch';
import { installTestClient } from '../../src/testing/install-test-client';
import { createBackend, installChatDom, renderChat, resetChatState, testQueryClient } from './chat-harness';

beforeAll(installChatDom);
beforeEach(resetChatState);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const conv = (conv_id: string, title: string): Conversation => ({
  conv_id,
  title,
  type: 2,
  model_type: 100,
  last_prompt_temperature: 0.7,
});

describe("a chat route's prefetch", () => {
  it('asks for the conversation list, usage and models before the page renders, and the page uses them', async () => {
    const backend = createBackend({ conversations: [conv('c1', '预取的会话')] });
    vi.stubGlobal('fetch', backend.fetch);
    installTestClient(backend.fetch, '/chatgpt/welcome');
    const client = testQueryClient();

    prefetchChatQueries(client, 'chatgpt');
    const config = chatModuleConfig('chatgpt');
    await waitFor(() => expect(client.getQueryData(conversationsQuery(config).queryKey)).toHaveLength(1));
    expect(backend.calls('/api/chatgpt/conversation/list')).toHaveLength(1);
    await waitFor(() => expect(backend.calls('/api/chatgpt/promptQueue/list')).toHaveLength(1));
    await waitFor(() => expect(backend.calls('/api/chatgpt/models')).toHaveLength(1));

    renderChat('/chatgpt/welcome', backend, client);
    expect(await screen.findByText('预取的会话')).toBeTruthy();
    // The page found the list already fetched: no second request.
    expect(backend.calls('/api/chatgpt/conversation/list')).toHaveLength(1);
  });

  it('asks nothing for a route that is not a chat module', async () => {
    const backend = createBackend();
    vi.stubGlobal('fetch', backend.fetch);
    installTestClient(backend.fetch, '/home');
    prefetchChatQueries(testQueryClient(), 'home');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backend.requests).toHaveLength(0);
  });
});
