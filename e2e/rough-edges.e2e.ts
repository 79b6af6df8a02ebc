import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, submitProviderLogin } from './browser';
import { startPortal, type RunningPortal } from './portal-server';

/**
 * The rough edges of issue 30 a new user meets in the browser: a wrong session id in the address
 * (every module alike), the public /preview page, the dashboard's figures on one line, temperature
 * as a slider, and on a phone the question box's hint, the 回到底部 button and the router's
 * warnings. Pictures go to e2e/artifacts/ (or SHOTS_DIR).
 */

const shots = process.env.SHOTS_DIR || join(import.meta.dirname, 'artifacts');
let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  portal = await startPortal();
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function context(width: 390 | 1280): Promise<BrowserContext> {
  return newContext(browser, {
    baseURL: portal.baseUrl,
    locale: 'zh-CN',
    viewport: { width, height: width === 390 ? 844 : 800 },
    ...(width === 390 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
}

async function signedIn(width: 390 | 1280, login = 'staff', password = 'staff123'): Promise<Page> {
  const page = await (await context(width)).newPage();
  await page.goto('/home');
  await submitProviderLogin(page, login, password);
  await page.waitForSelector('[data-testid="app-card"]');
  return page;
}

const shoot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`) });

describe('issue 30 rough edges in the browser', { timeout: 240_000 }, () => {
  it('a wrong session id: every module shows its welcome page with a short notice, never raw validation text', async () => {
    const page = await signedIn(1280);
    const cases: [string, string][] = [
      ['/chatgpt/session?id=doesnotexist123', '/chatgpt/welcome'],
      ['/pdf/session?id=doesnotexist123', '/pdf/welcome'],
      ['/pdf/session?id=0123456789abcdef0123456789abcdef', '/pdf/welcome'],
      ['/brainstorm/session?id=doesnotexist123', '/brainstorm/welcome'],
      ['/report/session?id=doesnotexist123', '/report/welcome'],
      ['/marketing/session?id=doesnotexist123', '/marketing/welcome'],
    ];
    for (const [address, welcome] of cases) {
      const invalid: string[] = [];
      const onResponse = (r: { url(): string; status(): number }) => {
        if (r.url().includes('/api/') && r.status() === 400) invalid.push(r.url());
      };
      page.on('response', onResponse);
      await page.goto(address);
      await page.waitForURL((url) => url.pathname === welcome, { timeout: 30_000 });
      await page.locator('.ant-message').getByText('会话不存在或已删除').first().waitFor({ timeout: 30_000 });
      const text = await page.locator('body').innerText();
      expect(text, address).not.toContain('不合法');
      expect(text, address).not.toContain('消息加载失败');
      expect(text, address).not.toContain('未命名会话');
      expect(invalid, address).toEqual([]);
      page.off('response', onResponse);
      if (address.startsWith('/pdf/session?id=doesnot')) await shoot(page, 'session-gone-1280');
    }
    await page.context().close();
  });

  for (const width of [1280, 390] as const) {
    it(`/preview at ${width} px: the public page of the portal, whose calls all succeed`, async () => {
      const page = await (await context(width)).newPage();
      const failed: string[] = [];
      const collected: number[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
        if (r.url().includes('/api/analytics/collect')) collected.push(r.status());
      });
      // The visit is reported as the portal's, and accepted (before: 400 for the key "preview").
      const reported = page.waitForResponse((r) => r.url().includes('/api/analytics/collect'), { timeout: 30_000 });
      await page.goto('/preview');
      await page.getByRole('heading', { name: '门户中的应用' }).waitFor();
      expect(await page.getByTestId('preview-app').count()).toBeGreaterThanOrEqual(8);
      await page.getByText('PDF文档分析').waitFor();
      expect((await reported).status()).toBe(200);
      await shoot(page, `preview-${width}`);
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/oidc') || url.pathname === '/login');
      expect(failed).toEqual([]);
      expect(collected.every((s) => s === 200)).toBe(true);
      await page.context().close();
    });
  }

  it('temperature is a slider with the spec range and step; the dashboard figures keep their unit on one line', async () => {
    const page = await signedIn(1280, 'admin', 'admin123');
    await page.goto('/chatgpt/welcome');
    const slider = page.getByLabel('温度');
    await slider.waitFor();
    expect(await slider.getAttribute('type')).toBe('range');
    expect(await slider.getAttribute('min')).toBe('0');
    expect(await slider.getAttribute('max')).toBe('2');
    expect(await slider.getAttribute('step')).toBe('0.1');
    const before = Number(await slider.inputValue());
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await slider.inputValue())).toBeCloseTo(before + 0.1, 5);
    await page.keyboard.press('End');
    await expect.poll(() => slider.inputValue()).toBe('2');
    await page.locator('.chat-temperature-value').getByText('2', { exact: true }).waitFor();
    await shoot(page, 'temperature-slider-1280');

    // Figures as wide as a busy month gives (884 毫秒 wrapped to 毫 / 秒 at this width before).
    await page.route('**/api/analytics/admin/overview?**', async (route) => {
      const reply = await route.fetch();
      const env = (await reply.json()) as { data: Record<string, unknown> };
      Object.assign(env.data, {
        events: 1_234_567,
        peak_daily_users: 2,
        avg_daily_users: 1.5,
        peak_daily_anonymous: 12,
        app_opens: 45_678,
        avg_cycle_ms: 884,
        api_error_rate: 0.0123,
        script_errors: 17,
      });
      await route.fulfill({ response: reply, json: env });
    });
    await page.goto('/admin?tab=analytics');
    await page.getByText('884 毫秒').waitFor();
    const figures = page.locator('.ant-statistic-content');
    await figures.first().waitFor({ timeout: 60_000 });
    await page.getByText('平均服务时长').first().waitFor();
    // Each figure is one line of text: its box is no taller than one line.
    const lines = await figures.evaluateAll((els) =>
      els.map((el) => {
        // The line boxes of its text: one line means one distinct top (tolerating a pixel).
        const tops = new Set<number>();
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.bottom / 4));
        }
        // Glyph widths depend on the machine's CJK fonts (this one may have none): the figure must
        // also be kept from wrapping at all, not merely happen to fit here.
        return { text: el.textContent, lines: tops.size, wrap: getComputedStyle(el).whiteSpace };
      }),
    );
    expect(lines.length).toBeGreaterThanOrEqual(8);
    for (const figure of lines) {
      expect(figure.lines, figure.text ?? '').toBe(1);
      expect(figure.wrap, figure.text ?? '').toBe('nowrap');
    }
    await shoot(page, 'dashboard-kpis-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('884 毫秒').waitFor();
    await shoot(page, 'dashboard-kpis-390');
    await page.context().close();
  });

  it('on a phone: a one-line hint, 回到底部 above the question box, no router warnings on redirecting routes', async () => {
    const page = await signedIn(390);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' && /route|Router/i.test(m.text())) warnings.push(m.text());
    });
    for (const bare of ['/chatgpt', '/pdf', '/marketing', '/red', '/report']) {
      await page.goto(bare);
      await page.waitForURL((url) => url.pathname !== bare);
    }
    await page.goto('/chatgpt/welcome');
    const box = page.locator('.chat-composer textarea');
    await box.waitFor();
    // The hint fits the box on one line.
    const fit = await box.evaluate((el: HTMLTextAreaElement) => {
      const style = getComputedStyle(el);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = `${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: el.placeholder, width: ctx.measureText(el.placeholder).width, room };
    });
    expect(fit.width, fit.text).toBeLessThanOrEqual(fit.room);
    await shoot(page, 'phone-composer-390');
    await page.getByTestId('chat-settings-button').tap();
    const sheetSlider = page.getByTestId('chat-settings-sheet').getByLabel('温度');
    expect(await sheetSlider.getAttribute('type')).toBe('range');
    await shoot(page, 'temperature-slider-390');
    await page.locator('.portal-sheet-done').tap();

    for (let i = 0; i < 2; i++) {
      await box.fill(`请写一段项目周报的说明 ${i}`);
      await page.getByTestId('chat-send').tap();
      await page.getByTestId('chat-stop').waitFor({ state: 'detached', timeout: 90_000 });
    }
    const scroller = page.locator('.chat-messages .ant-bubble-list-scroll-box');
    await scroller.evaluate((el) => el.scrollBy({ top: -100_000 }));
    await page.mouse.wheel(0, -2000);
    const toBottom = page.getByRole('button', { name: '回到底部' });
    await toBottom.waitFor({ timeout: 30_000 });
    const button = (await toBottom.boundingBox())!;
    const composer = (await page.locator('.chat-composer-box').boundingBox())!;
    expect(button.y + button.height).toBeLessThanOrEqual(composer.y);
    await shoot(page, 'phone-to-bottom-390');
    expect(warnings).toEqual([]);

    await page.goto('/pdf/session?id=doesnotexist123');
    await page.waitForURL((url) => url.pathname === '/pdf/welcome');
    await page.locator('.ant-message').getByText('会话不存在或已删除').first().waitFor();
    await shoot(page, 'session-gone-390');
    await page.context().close();
  });
});
