import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPortalUrl } from './shared-portal';
import { launchBrowser, newPage, submitProviderLogin } from './browser';

/** Asking, stopping, reloading, renaming and deleting in the chat module, against the demo model. */

const baseUrl = sharedPortalUrl();
let browser: Browser;
let page: Page;

/** Long enough that the demo model (which quotes the question) is still streaming when stopped. */
const LONG_QUESTION = `请详细解释下面这段需求并给出实施建议：${'我们需要一个面向全体员工的智能助手门户，支持单点登录与按应用授权。'.repeat(12)}`;

const answers = () => page.locator('[data-testid="chat-answer"]');
const lastAnswer = () => answers().last();
const openMenu = () => page.locator('.chat-conv-menu');
const sidebarItem = (title: string) => page.locator('.chat-sidebar .chat-conv-item', { hasText: title });

async function textLength(locator: Locator): Promise<number> {
  return (await locator.innerText()).length;
}

async function ask(question: string): Promise<void> {
  const box = page.locator('.chat-composer textarea');
  await box.fill(question);
  await box.press('Enter');
}

async function waitForStatus(status: string): Promise<void> {
  await page.waitForFunction(
    (wanted) =>
      Array.from(document.querySelectorAll<HTMLElement>('[data-testid="chat-answer"]')).at(-1)?.dataset.status ===
      wanted,
    status,
    { timeout: 30_000 },
  );
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser, baseUrl));
});
afterAll(async () => {
  await browser?.close();
});

describe('chat in the browser', () => {
  let firstId = '';
  let secondId = '';

  it('signs in and opens the chatgpt welcome screen with the demo model', async () => {
    await page.goto('/chatgpt/welcome');
    await submitProviderLogin(page, 'staff', 'staff123');
    await page.waitForURL(/\/chatgpt\/welcome/);
    await page.waitForSelector('.chat-composer textarea');
    await page.locator('.chat-demo-tag').waitFor();
    expect(await page.locator('[data-testid="chat-model-select"]').innerText()).toContain('演示模型');
    await page.getByText('暂无会话').waitFor();
  });

  it('asks a question and watches the answer stream in', async () => {
    await ask('你好，请介绍一下这个门户');
    await page.waitForURL(/\/chatgpt\/session\?id=/);
    firstId = new URL(page.url()).searchParams.get('id') ?? '';
    expect(firstId).not.toBe('');

    await lastAnswer().waitFor();
    await page.waitForFunction(
      () =>
        (Array.from(document.querySelectorAll('[data-testid="chat-answer"]')).at(-1)?.textContent ?? '').length > 10,
    );
    const early = await textLength(lastAnswer());
    await page.waitForFunction(
      (before) =>
        (Array.from(document.querySelectorAll('[data-testid="chat-answer"]')).at(-1)?.textContent ?? '').length >
        before + 20,
      early,
    );
    await waitForStatus('done');
    const text = await lastAnswer().innerText();
    expect(text).toContain('演示模型');
    expect(text.length).toBeGreaterThan(early);
    await expect(page.locator('[data-testid="chat-usage"]').innerText()).resolves.toMatch(/剩余次数/);
  });

  it('stops a second answer mid-stream', async () => {
    await page.click('text=新建会话');
    await page.waitForURL(/\/chatgpt\/welcome/);
    await ask(LONG_QUESTION);
    await page.waitForURL(/\/chatgpt\/session\?id=/);
    secondId = new URL(page.url()).searchParams.get('id') ?? '';
    expect(secondId).not.toBe(firstId);
    await page.waitForFunction(
      () =>
        (Array.from(document.querySelectorAll('[data-testid="chat-answer"]')).at(-1)?.textContent ?? '').length > 30,
    );

    await page.getByTestId('chat-stop').click();
    await waitForStatus('aborted');
    await page.getByText('已停止生成').waitFor();
    const kept = await lastAnswer().innerText();
    expect(kept.length).toBeGreaterThan(30);
    // The demo answer ends with this line; a stopped one never gets there.
    expect(kept).not.toContain('这里将显示真实的回答');
    await page.locator('.chat-composer textarea').waitFor();
    expect(await page.getByTestId('chat-stop').count()).toBe(0);
  });

  it('finds both conversations with their messages after a reload', async () => {
    await page.reload();
    await lastAnswer().waitFor();
    expect(await page.locator('[data-testid="chat-question"]').first().innerText()).toContain('请详细解释下面这段需求');
    await waitForStatus('aborted');
    expect(await page.locator('.chat-sidebar .chat-conv-item').count()).toBe(2);

    await sidebarItem('你好').locator('.chat-conv-open').click();
    await page.waitForURL(`**/chatgpt/session?id=${firstId}`);
    await page.locator('[data-testid="chat-question"]', { hasText: '你好，请介绍一下这个门户' }).waitFor();
    await waitForStatus('done');
    expect(await lastAnswer().innerText()).toContain('演示模型');
  });

  it('renames one conversation and deletes the other', async () => {
    const openItemMenu = async (title: string) => {
      await sidebarItem(title).locator('.chat-conv-more').click();
    };

    await openItemMenu('你好');
    await openMenu().getByText('重命名').click();
    const input = page.getByLabel('会话名称');
    await input.fill('门户介绍');
    await input.press('Enter');
    await sidebarItem('门户介绍').waitFor();
    await expect(page.locator('[data-testid="chat-title"]').innerText()).resolves.toBe('门户介绍');

    await openItemMenu('请详细解释');
    await openMenu().getByText('删除').click();
    await page.locator('.chat-conv-confirm .chat-conv-delete').click();
    await page.waitForFunction(() => document.querySelectorAll('.chat-sidebar .chat-conv-item').length === 1);

    await page.reload();
    await sidebarItem('门户介绍').waitFor();
    expect(await page.locator('.chat-sidebar .chat-conv-item').count()).toBe(1);
  });
});
