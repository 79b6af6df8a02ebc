import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../apps/server/test/llm/fake-upstream';
import { launchBrowser, newPage, submitProviderLogin } from './browser';
import { FAKE_LLM_KEY, fakeChatProviders, writePortalConfig, type WrittenConfig } from './portal-config';
import { startPortal, type RunningPortal } from './portal-server';

/**
 * ERNIE in the chatgpt module: its answers are asynchronous, so the browser polls
 * /api/ernie/message/completion and shows the stored answer as it grows. The model is a fake
 * OpenAI-compatible upstream that answers slowly enough for several polls to see partial text.
 */

const TOKENS = Array.from({ length: 40 }, (_, i) => `第${i + 1}段。`);

let fake: FakeUpstream;
let portal: RunningPortal;
let browser: Browser;
let page: Page;
let config: WrittenConfig | undefined;
const completionPolls: string[] = [];

const lastAnswerText = () =>
  page.evaluate(
    () => Array.from(document.querySelectorAll<HTMLElement>('[data-testid="chat-answer"]')).at(-1)?.innerText ?? '',
  );

beforeAll(async () => {
  fake = await startFakeUpstream();
  fake.setDefault({ tokens: TOKENS, intervalMs: 300 });
  config = writePortalConfig('ernie', fakeChatProviders(fake.baseUrl, { '100': 'gpt-4', '200': 'ernie-4.0' }));
  portal = await startPortal({ PORTAL_CONFIG: config.path, FAKE_LLM_KEY });
  browser = await launchBrowser();
  ({ page } = await newPage(browser, portal.baseUrl));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/ernie/message/completion')
      completionPolls.push(url.searchParams.get('message_id') ?? '');
  });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await fake?.close();
  config?.remove();
});

describe('ERNIE in the chatgpt module', () => {
  it('picks ERNIE, asks, and sees the answer grow by polling until it is done', async () => {
    await page.goto('/chatgpt/welcome');
    await submitProviderLogin(page, 'staff', 'staff123');
    await page.waitForURL(/\/chatgpt\/welcome/);

    const picker = page.getByTestId('chat-model-select');
    await picker.click();
    await page.locator('.chat-picker-menu [role="menuitemradio"]', { hasText: 'ERNIE 4.0' }).click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="chat-model-select"]')?.textContent?.includes('ERNIE 4.0') ?? false,
    );

    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/ernie/message/ask');
    const box = page.locator('.chat-composer textarea');
    await box.fill('请分段介绍一下这个门户');
    await box.press('Enter');
    const askBody = (await (await asked).json()) as { code: number; data: { message_id: string } };
    expect(askBody.code).toBe(0);
    const messageId = askBody.data.message_id;
    await page.waitForURL(/\/chatgpt\/session\?id=/);

    // Partial text while the answer is still generating, then more of it, still generating.
    await page.waitForFunction(
      () => {
        const answer = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="chat-answer"]')).at(-1);
        return answer?.dataset.status === 'generating' && answer.innerText.includes('第1段');
      },
      undefined,
      { timeout: 60_000 },
    );
    const early = await lastAnswerText();
    await page.waitForFunction(
      (before) => {
        const answer = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="chat-answer"]')).at(-1);
        return answer?.dataset.status === 'generating' && answer.innerText.length > before;
      },
      early.length,
      { timeout: 60_000 },
    );
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLElement>('[data-testid="chat-answer"]')).at(-1)?.dataset.status ===
        'done',
      undefined,
      { timeout: 90_000 },
    );
    const text = await lastAnswerText();
    expect(text).toContain('第1段。');
    expect(text).toContain(`第${TOKENS.length}段。`);

    // The answer came by polling its completion, not by a stream on the chatgpt prefix.
    expect(completionPolls.length).toBeGreaterThanOrEqual(2);
    expect(completionPolls.every((id) => id === messageId)).toBe(true);
    const pollsAtDone = completionPolls.length;
    await page.waitForTimeout(4500);
    expect(completionPolls.length).toBe(pollsAtDone);
    // The request went to ERNIE's model.
    expect(fake.chatRequests.at(-1)?.body.model).toBe('ernie-4.0');
  });
});
