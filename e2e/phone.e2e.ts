import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, PHONE, PHONE_WIDTH, submitProviderLogin } from './browser';
import { startPortal, type RunningPortal } from './portal-server';
import { opened } from './opened';

/**
 * The portal on a phone: 390×844 with touch, as inside WeCom on an iPhone. Screenshots of every
 * screen go to e2e/artifacts/ (kept by CI as test artefacts, ignored by git). The suite asks in the
 * chat as staff, so it runs its own portal: the shared one's suites expect staff to have no
 * conversations yet, whatever order the files run in.
 */

let portal: RunningPortal;
let baseUrl = '';
const artifacts = join(import.meta.dirname, 'artifacts');
const WECOM_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh';
const TOUCH_MIN = 44;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const batches: string[] = [];

async function phoneContext(): Promise<BrowserContext> {
  return newContext(browser, {
    baseURL: baseUrl,
    locale: 'zh-CN',
    ...PHONE,
    userAgent: WECOM_IPHONE,
  });
}

/** What the screen shows; `full` adds the whole scrolled page as a second picture. */
async function shoot(p: Page, name: string, full = false) {
  await p.screenshot({ path: join(artifacts, `${name}.png`) });
  if (full) await p.screenshot({ path: join(artifacts, `${name}-full.png`), fullPage: true });
}

/**
 * Nothing may be wider than the screen: a page that scrolls sideways is cut off on a phone. (A
 * phone browser widens its layout viewport to such content, so innerWidth would grow with it;
 * compare with the screen itself.)
 */
async function expectNoSidewaysScroll(p: Page) {
  const widest = await p.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth));
  // On failure, name the elements that stick out past the screen's right edge.
  const outside = await p.evaluate((width) => {
    const found: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const r = el.getBoundingClientRect();
      if (r.right > width + 1 && r.width > 0) found.push(`${el.tagName.toLowerCase()}.${el.className}`);
      if (found.length > 5) break;
    }
    return found.join(', ');
  }, PHONE_WIDTH);
  expect(widest, outside).toBeLessThanOrEqual(PHONE_WIDTH);
}

async function expectTouchTarget(p: Page, selector: string) {
  const box = await p.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  expect(box!.height, `${selector} height`).toBeGreaterThanOrEqual(TOUCH_MIN);
  expect(box!.width, `${selector} width`).toBeGreaterThanOrEqual(TOUCH_MIN);
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  portal = await startPortal();
  baseUrl = portal.baseUrl;
  browser = await launchBrowser();
  context = await phoneContext();
  page = await context.newPage();
  page.on('request', (request) => {
    if (request.url().includes('/api/analytics/collect')) batches.push(request.postData() ?? '');
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('on a phone', () => {
  it('signs in and shows the catalogue in one column, nothing cut off', async () => {
    await page.goto('/home');
    await submitProviderLogin(page, 'staff', 'staff123');
    await page.waitForSelector('[data-testid="app-card"]', { timeout: 30_000 });
    await expectNoSidewaysScroll(page);
    const boxes = await page.locator('[data-testid="app-card"]').evaluateAll((cards) =>
      cards.map((card) => {
        const r = card.getBoundingClientRect();
        return { left: r.left, right: r.right };
      }),
    );
    expect(boxes.length).toBeGreaterThan(1);
    // One column: every card starts at the same x and ends inside the screen.
    expect(new Set(boxes.map((b) => Math.round(b.left))).size).toBe(1);
    for (const box of boxes) expect(box.right).toBeLessThanOrEqual(PHONE_WIDTH);
    await expectTouchTarget(page, '[data-testid="drawer-button"]');
    await expectTouchTarget(page, '[data-testid="user-menu"]');
    // The whole field (its label) takes the tap, border included.
    await expectTouchTarget(page, '.portal-search');
    await shoot(page, 'phone-home', true);
  });

  it('keeps the side bar in a drawer behind the menu button', async () => {
    const side = page.getByTestId('side-bar');
    const closed = await side.boundingBox();
    expect(closed!.x + closed!.width).toBeLessThanOrEqual(0);
    await page.getByTestId('drawer-button').tap();
    await expect.poll(async () => (await side.boundingBox())?.x, { timeout: 10_000 }).toBe(0);
    await expect(page.getByTestId('drawer-button').getAttribute('aria-expanded')).resolves.toBe('true');
    await expectTouchTarget(page, '.portal-nav-item');
    await shoot(page, 'phone-drawer');
    // The mask closes it.
    await page.getByTestId('drawer-mask').tap({ position: { x: 370, y: 400 } });
    await expect.poll(async () => (await side.boundingBox())!.x < 0, { timeout: 10_000 }).toBe(true);
    // Choosing a page in it closes it too.
    await page.getByTestId('drawer-button').tap();
    await page.locator('.portal-nav-item', { hasText: '全部应用' }).tap();
    await expect.poll(async () => (await side.boundingBox())!.x < 0, { timeout: 10_000 }).toBe(true);
  });

  it('filters by scene with chips that fit the screen', async () => {
    const chips = page.locator('.portal-chip');
    expect(await chips.count()).toBeGreaterThan(1);
    await expectTouchTarget(page, '.portal-chip');
    await chips.nth(1).tap();
    await expect(chips.nth(1).getAttribute('aria-checked')).resolves.toBe('true');
    await expectNoSidewaysScroll(page);
    await chips.first().tap();
  });

  it('shows a module welcome page and the no-rights page within the screen', async () => {
    // No tool is configured on the test portal: the embedded page says so.
    await page.goto('/stablediffusion');
    await page.waitForSelector('text=尚未接入', { timeout: 30_000 });
    await expectNoSidewaysScroll(page);
    await shoot(page, 'phone-module-welcome');

    await page.goto('/home');
    await page.locator('[data-testid="app-card"][data-app-key="deepseek"]').first().tap();
    await page.waitForURL('**/landing?**');
    await page.waitForSelector('text=返回首页');
    await expectNoSidewaysScroll(page);
    await expectTouchTarget(page, 'button:has-text("返回首页")');
    await shoot(page, 'phone-landing');
  });

  it('opens a chat app from the catalogue as a full-screen thread', async () => {
    await page.goto('/home');
    await page.locator('[data-testid="app-card"][data-app-key="chatgpt"]').first().tap();
    await page.waitForURL('**/chatgpt/welcome');
    await page.waitForSelector('.chat-composer textarea', { timeout: 30_000 });
    await expectNoSidewaysScroll(page);
    // The conversation list waits off screen behind its button; the thread takes the width.
    const drawer = await page.getByTestId('chat-conversation-drawer').boundingBox();
    expect(drawer!.x + drawer!.width).toBeLessThanOrEqual(0);
    const main = await page.locator('.chat-main').boundingBox();
    expect(Math.round(main!.width)).toBe(PHONE_WIDTH);
    await expectTouchTarget(page, '[data-testid="chat-list-button"]');
    await expectTouchTarget(page, '[data-testid="chat-settings-button"]');
    await expectTouchTarget(page, '.chat-composer .chat-composer-button');
    // The question box ends above the bottom of the screen.
    const composer = await page.locator('.chat-composer').boundingBox();
    expect(composer!.y + composer!.height).toBeLessThanOrEqual(844);
    await shoot(page, 'phone-chat-welcome');
  });

  it('asks a question and reads the answer', async () => {
    const box = page.locator('.chat-composer textarea');
    await box.tap();
    await box.fill('你好，请介绍一下这个门户');
    await page.locator('.chat-composer .chat-composer-button').last().tap();
    await page.waitForURL(/\/chatgpt\/session\?id=/, { timeout: 30_000 });
    await page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll<HTMLElement>('[data-testid="chat-answer"]')).at(-1)?.dataset.status ===
        'done',
      undefined,
      { timeout: 60_000 },
    );
    const answer = page.locator('[data-testid="chat-answer"]').last();
    expect(await answer.innerText()).toContain('演示模型');
    await expectNoSidewaysScroll(page);
    // The usage counter is one short line, never a column of characters.
    const usage = page.getByTestId('chat-usage');
    await expect.poll(async () => (await usage.innerText()).trim(), { timeout: 30_000 }).toMatch(/^\S+$/);
    // The short label is the counter's ::before content.
    expect(await usage.evaluate((el) => getComputedStyle(el, '::before').content)).toBe('"剩 "');
    const usageBox = await usage.boundingBox();
    expect(usageBox!.height).toBeLessThan(30);
    expect(usageBox!.width).toBeGreaterThan(usageBox!.height);
    await expectTouchTarget(page, '.chat-action');
    await expectTouchTarget(page, '[data-testid="chat-new-button"]');
    await shoot(page, 'phone-chat-answer');
  });

  it('keeps the question box above the on-screen keyboard', async () => {
    // An open keyboard leaves a shorter visual viewport; the chat shrinks to it.
    await page.setViewportSize({ width: PHONE_WIDTH, height: 480 });
    await expect
      .poll(async () => {
        const composer = await page.locator('.chat-composer').boundingBox();
        return composer!.y + composer!.height;
      })
      .toBeLessThanOrEqual(480);
    await shoot(page, 'phone-chat-keyboard');
    await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  });

  it('opens the conversation list in a drawer and goes back to the thread', async () => {
    const drawer = page.getByTestId('chat-conversation-drawer');
    // Rendered the first time it opens, so the question box does not wait for it.
    expect(await page.locator('.chat-sidebar').count()).toBe(0);
    await page.getByTestId('chat-list-button').tap();
    await expect.poll(async () => (await drawer.boundingBox())?.x, { timeout: 10_000 }).toBe(0);
    await expect(page.getByTestId('chat-list-button').getAttribute('aria-expanded')).resolves.toBe('true');
    const items = page.locator('.chat-sidebar .chat-conv-open');
    await items.first().waitFor();
    await expectTouchTarget(page, '.chat-sidebar .chat-conv-open');
    await expectTouchTarget(page, '.chat-sidebar .chat-conv-more');
    await expectTouchTarget(page, '.chat-sidebar-head .ant-btn');
    await shoot(page, 'phone-chat-list');
    // Choosing the conversation closes the list.
    await items.first().tap();
    await expect.poll(async () => (await drawer.boundingBox())!.x < 0, { timeout: 10_000 }).toBe(true);
    // So does the mask.
    await page.getByTestId('chat-list-button').tap();
    await expect.poll(async () => (await drawer.boundingBox())?.x, { timeout: 10_000 }).toBe(0);
    await page.getByTestId('chat-drawer-mask').tap({ position: { x: 370, y: 400 } });
    await expect.poll(async () => (await drawer.boundingBox())!.x < 0, { timeout: 10_000 }).toBe(true);
  });

  it('switches the model in the settings sheet', async () => {
    const summary = page.getByTestId('chat-settings-button');
    await summary.tap();
    const sheet = page.getByTestId('chat-settings-sheet');
    await sheet.waitFor();
    const box = await sheet.boundingBox();
    // A sheet along the bottom edge, the full width.
    expect(Math.round(box!.y + box!.height)).toBe(844);
    expect(Math.round(box!.width)).toBe(PHONE_WIDTH);
    const options = page.locator('[data-testid="chat-model-select"] [role="radio"]');
    expect(await options.count()).toBeGreaterThan(1);
    await expectTouchTarget(page, '[data-testid="chat-model-select"] [role="radio"]');
    await expectTouchTarget(page, '.portal-sheet .chat-temperature');
    const checked = await options.evaluateAll((radios) => radios.map((r) => r.getAttribute('aria-checked')));
    const other = options.nth(checked.indexOf('false'));
    const label = (await other.innerText()).trim();
    await other.tap();
    await expect(other.getAttribute('aria-checked')).resolves.toBe('true');
    await expectNoSidewaysScroll(page);
    await shoot(page, 'phone-chat-settings');
    await page.locator('.portal-sheet-done').tap();
    await expect(sheet.count()).resolves.toBe(0);
    expect(await summary.innerText()).toContain(label);
  });

  it('reports analytics events with channel h5', async () => {
    await expect.poll(() => batches.some((b) => b.includes('"channel":"h5"')), { timeout: 30_000 }).toBe(true);
    expect(batches.some((b) => b.includes('"channel":"web"'))).toBe(false);
  });

  it('shows the sign-in page and its error state within the screen', async () => {
    const fresh = await phoneContext();
    const login = await fresh.newPage();
    await login.route('**/api/user/authorize**', (route) =>
      route.fulfill({ status: 503, json: { code: 5000, message: '服务器内部错误，请稍后再试', data: null } }),
    );
    await login.goto('/login?from=%2Fhome');
    await login.waitForSelector('text=重新登录');
    await expectTouchTarget(login, 'button:has-text("重新登录")');
    await expectNoSidewaysScroll(login);
    await shoot(login, 'phone-login-error');
    await fresh.close();
  });

  it('shows the analytics dashboard to an administrator within the screen', async () => {
    const admin = await phoneContext();
    const dash = await admin.newPage();
    // The dashboard is the console's analytics tab.
    await dash.goto('/admin?tab=analytics');
    await submitProviderLogin(dash, 'admin', 'admin123');
    await dash.waitForURL('**/admin?tab=analytics');
    await dash.waitForSelector('text=行为分析', { timeout: 30_000 });
    await dash.waitForSelector('text=应用明细', { timeout: 30_000 });
    await expectNoSidewaysScroll(dash);
    await shoot(dash, 'phone-admin', true);
    await admin.close();
  });

  it('shows every console tab, the app form and the notices within the screen', async () => {
    const admin = await phoneContext();
    const p = await admin.newPage();
    await p.goto('/admin?tab=apps');
    await submitProviderLogin(p, 'admin', 'admin123');
    await p.waitForURL('**/admin?tab=apps');
    const tabs: Array<[string, string]> = [
      ['apps', '新建应用'],
      ['rights', '新增或修改规则'],
      ['quotas', '新增或修改配额'],
      ['people', '账号'],
      ['requests', '申请人'],
      ['audit', '操作人'],
    ];
    for (const [tab, text] of tabs) {
      await p.goto(`/admin?tab=${tab}`);
      await p.getByText(text).first().waitFor({ timeout: 30_000 });
      await expectNoSidewaysScroll(p);
      await shoot(p, `phone-admin-${tab}`, true);
    }
    await p.goto('/admin?tab=apps');
    await p.getByRole('button', { name: '新建应用' }).click();
    await p.getByText('应用负责人').waitFor({ timeout: 30_000 });
    // The picture shows the dialog, not its opening animation.
    await opened(p.locator('.ant-modal'));
    expect(await p.locator('[data-testid="file-upload-input"]').isVisible()).toBe(false);
    await expectNoSidewaysScroll(p);
    await shoot(p, 'phone-admin-app-form');
    await p.keyboard.press('Escape');
    await expectTouchTarget(p, '[data-testid="notice-bell"]');
    await p.locator('[data-testid="notice-bell"]').click();
    await p.getByRole('dialog', { name: '通知' }).waitFor({ timeout: 30_000 });
    await expectNoSidewaysScroll(p);
    await shoot(p, 'phone-notices');
    await admin.close();
  });
});

describe('at desktop width', () => {
  it('keeps the side bar beside the content, collapsible', async () => {
    const desk = await newContext(browser, {
      baseURL: baseUrl,
      locale: 'zh-CN',
      viewport: { width: 1280, height: 800 },
    });
    const p = await desk.newPage();
    await p.goto('/home');
    await submitProviderLogin(p, 'admin', 'admin123');
    await p.waitForSelector('[data-testid="app-card"]', { timeout: 30_000 });
    const side = await p.getByTestId('side-bar').boundingBox();
    expect(side!.x).toBe(0);
    expect(side!.width).toBeGreaterThan(150);
    expect(await p.getByTestId('drawer-button').count()).toBe(0);
    await shoot(p, 'desktop-home');
    await p.getByRole('button', { name: '收起侧边栏' }).click();
    await expect.poll(async () => (await p.getByTestId('side-bar').boundingBox())!.width).toBeLessThan(100);
    await shoot(p, 'desktop-home-collapsed');
    await p.getByRole('button', { name: '展开侧边栏' }).click();
    await p.goto('/admin?tab=analytics');
    await p.waitForSelector('text=应用明细', { timeout: 30_000 });
    await shoot(p, 'desktop-admin');
    await p.goto('/stablediffusion');
    await p.waitForSelector('text=尚未接入', { timeout: 30_000 });
    await shoot(p, 'desktop-module-welcome');
    // The chat keeps its conversation list beside the thread and its options under the question box.
    await p.goto('/chatgpt/welcome');
    await p.waitForSelector('.chat-composer textarea', { timeout: 30_000 });
    expect((await p.getByTestId('chat-conversation-drawer').boundingBox())!.x).toBeGreaterThanOrEqual(0);
    expect(await p.getByTestId('chat-list-button').count()).toBe(0);
    await p.getByTestId('chat-model-select').click();
    await p.locator('.chat-picker-menu').waitFor();
    await shoot(p, 'desktop-chat-welcome');
    await desk.close();
  });
});
