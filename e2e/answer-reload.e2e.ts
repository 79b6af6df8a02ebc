import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../apps/server/test/llm/fake-upstream';
import { launchBrowser, newPage, submitProviderLogin } from './browser';
import { FAKE_LLM_KEY, fakeChatProviders, writePortalConfig, type WrittenConfig } from './portal-config';
import { startPortal, type RunningPortal } from './portal-server';

/**
 * A reload in the middle of an answer does not end it: the server goes on generating, and the
 * page opened again shows what was written and follows the answer to its end. Only 停止 stops it.
 * The model is a fake OpenAI-compatible upstream slow enough to reload while it writes.
 */

const TOKENS = Array.from({ length: 30 }, (_, i) => `第${i + 1}段。`);

let fake: FakeUpstream;
let portal: RunningPortal;
let browser: Browser;
let page: Page;
let config: WrittenConfig | undefined;
const follows: string[] = [];

const lastAnswer = () => page.locator('[data-testid="chat-answer"]').last();
const lastAnswerText = () =>
  page.evaluate(
    () => Array.from(document.querySelectorAll<HTMLElement>('[data-testid="chat-answer"]')).at(-1)?.innerText ?? '',
  );

interface AnswerState {
  status: string;
  includes?: string;
  /** The answer's text is longer than this. */
  longerThan?: number;
}

/** Waits until the last answer has the status (and text) wanted. */
async function waitForAnswer(wanted: AnswerState, timeout = 60_000): Promise<void> {
  await page.waitForFunction(
    ({ status, includes, longerThan }) => {
      const answer = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="chat-answer"]')).at(-1);
      if (!answer || answer.dataset.status !== status) return false;
      if (includes && !answer.innerText.includes(includes)) return false;
      return longerThan === undefined || answer.innerText.length > longerThan;
    },
    wanted,
    { timeout },
  );
}

async function ask(question: string): Promise<void> {
  const box = page.locator('.chat-composer textarea');
  await box.fill(question);
  await box.press('Enter');
}

beforeAll(async () => {
  fake = await startFakeUpstream();
  fake.setDefault({ tokens: TOKENS, intervalMs: 400 });
  config = writePortalConfig('reload', fakeChatProviders(fake.baseUrl, { '100': 'gpt-4' }));
  portal = await startPortal({ PORTAL_CONFIG: config.path, FAKE_LLM_KEY });
  browser = await launchBrowser();
  ({ page } = await newPage(browser, portal.baseUrl));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/chatgpt/message/follow') follows.push(url.pathname);
  });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await fake?.close();
  config?.remove();
});

describe('reloading the page in the middle of an answer', () => {
  it('shows what was written after the reload and follows the answer to its end', async () => {
    await page.goto('/chatgpt/welcome');
    await submitProviderLogin(page, 'staff', 'staff123');
    await page.waitForURL(/\/chatgpt\/welcome/);
    await ask('请分段写一段较长的介绍');
    await page.waitForURL(/\/chatgpt\/session\?id=/);
    await waitForAnswer({ status: 'generating', includes: '第2段。' });
    const before = await lastAnswerText();

    await page.reload();
    // The stored text so far at once, still generating, then more of it as it is written.
    await waitForAnswer({ status: 'generating', includes: '第2段。' });
    const resumed = await lastAnswerText();
    await waitForAnswer({ status: 'generating', longerThan: resumed.length });
    expect(follows.length).toBeGreaterThan(0);
    await waitForAnswer({ status: 'done' }, 90_000);
    const text = await lastAnswerText();
    expect(text.length).toBeGreaterThan(before.length);
    expect(text).toContain(`第${TOKENS.length}段。`);
    expect(await page.getByText('已停止生成').count()).toBe(0);

    // Stored complete: another reload shows the whole answer as done.
    await page.reload();
    await waitForAnswer({ status: 'done', includes: `第${TOKENS.length}段。` });
    expect(fake.cancelled).toBe(0);
  });

  it('stops a followed answer with 停止 only', async () => {
    await page.click('text=新建会话');
    await page.waitForURL(/\/chatgpt\/welcome/);
    await ask('再写一段，然后我会停止它');
    await page.waitForURL(/\/chatgpt\/session\?id=/);
    await waitForAnswer({ status: 'generating', includes: '第2段。' });
    await page.reload();
    await waitForAnswer({ status: 'generating', includes: '第2段。' });

    await page.getByTestId('chat-stop').click();
    await waitForAnswer({ status: 'aborted' });
    await page.getByText('已停止生成').waitFor();
    const kept = await lastAnswerText();
    expect(kept).not.toContain(`第${TOKENS.length}段。`);
    // Stopped on the server: the stored answer is aborted and no longer grows.
    await page.reload();
    await waitForAnswer({ status: 'aborted' });
    await page.waitForTimeout(1_500);
    expect(await lastAnswer().getAttribute('data-status')).toBe('aborted');
    expect(await lastAnswerText()).not.toContain(`第${TOKENS.length}段。`);
  });

  it('moves a new marketing analysis to its conversation at once, and follows it there after a reload', async () => {
    await page.goto('/marketing/welcome');
    await ask('某茶饮品牌在华东做了一次下午茶营销，请分析');
    // The page moves to the conversation as soon as the server names it, before the analysis ends.
    await page.waitForURL(/\/marketing\/session\?id=/, { timeout: 60_000 });
    await waitForAnswer({ status: 'generating', includes: '第2段。' });
    await page.reload();
    await waitForAnswer({ status: 'generating', includes: '第2段。' });
    await waitForAnswer({ status: 'done', includes: `第${TOKENS.length}段。` }, 90_000);
    expect(await page.getByText('已停止生成').count()).toBe(0);
  });
});
