import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, submitProviderLogin } from './browser';

/**
 * The portal on a phone: 390×844 with touch, as inside WeCom on an iPhone. Screenshots of every
 * screen go to e2e/artifacts/ (kept by CI as test artefacts, ignored by git).
 */

const baseUrl = inject('baseUrl');
const artifacts = join(import.meta.dirname, 'artifacts');
const WECOM_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.22 MicroMessenger/7.0.1 Language/zh';
const TOUCH_MIN = 44;
const PHONE_WIDTH = 390;

let browser: Browser;
let context: BrowserContext;
let page: Page;
const batches: string[] = [];

async function phoneContext(): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl,
    locale: 'zh-CN',
    viewport: { width: PHONE_WIDTH, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
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
  expect(widest).toBeLessThanOrEqual(PHONE_WIDTH);
}

async function expectTouchTarget(p: Page, selector: string) {
  const box = await p.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  expect(box!.height, `${selector} height`).toBeGreaterThanOrEqual(TOUCH_MIN);
  expect(box!.width, `${selector} width`).toBeGreaterThanOrEqual(TOUCH_MIN);
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  browser = await launchBrowser();
  context = await phoneContext();
  page = await context.newPage();
  page.on('request', (request) => {
    if (request.url().includes('/api/analytics/collect')) batches.push(request.postData() ?? '');
  });
});
afterAll(async () => {
  await browser?.close();
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
    await page.goto('/brainstorm/welcome');
    await page.waitForSelector('text=即将上线', { timeout: 30_000 });
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

  it('opens a chat app from the catalogue', async () => {
    await page.goto('/home');
    await page.locator('[data-testid="app-card"][data-app-key="chatgpt"]').first().tap();
    await page.waitForURL('**/chatgpt/welcome');
    await page.waitForSelector('textarea', { timeout: 30_000 });
    await shoot(page, 'phone-chat-welcome');
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
      ['people', '登录名'],
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
    await p
      .locator('.ant-modal')
      .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
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
    const desk = await browser.newContext({
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
    await p.goto('/brainstorm/welcome');
    await p.waitForSelector('text=即将上线', { timeout: 30_000 });
    await shoot(p, 'desktop-module-welcome');
    await desk.close();
  });
});
