import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWeb, type FakeWeb } from '../apps/server/test/search/fake-web';
import { launchBrowser, newContext, newPage, submitProviderLogin } from './browser';
import { writePortalConfig, type WrittenConfig } from './portal-config';
import { startPortal, type RunningPortal } from './portal-server';

/**
 * 研究模式 end to end over a fake web on 127.0.0.1 (listed as an intranet host): ask, edit the
 * plan, follow the steps, read the sources and the summary with its citations, see the mind map,
 * export it, and find everything again after a reload; on a desk and on a phone.
 */

const artifacts = join(import.meta.dirname, 'artifacts');
const shots = process.env.SEARCH_SHOTS_DIR ?? artifacts;
let web: FakeWeb;
let portal: RunningPortal;
let browser: Browser;
let page: Page;
let config: WrittenConfig | undefined;

/** The page as seen: the layout scrolls inside its main area, so a full-page shot would cut it up. */
const shoot = (p: Page, name: string, fullPage = false) => p.screenshot({ path: join(shots, `${name}.png`), fullPage });

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  mkdirSync(shots, { recursive: true });
  web = await startFakeWeb();
  config = writePortalConfig('search', {
    search: {
      backends: [
        { kind: 'searxng', url: `${web.origin}/searxng` },
        { kind: 'bocha', url: `${web.origin}/bocha/v1/web-search` },
      ],
      allowed_private_hosts: ['127.0.0.1'],
      fetch: { timeout_ms: 2_000, max_bytes: 200_000 },
      backend: { retry_base_ms: 10 },
    },
  });
  portal = await startPortal({ PORTAL_CONFIG: config.path });
  browser = await launchBrowser();
  ({ page } = await newPage(browser, portal.baseUrl));
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await web?.close();
  config?.remove();
});

describe('研究模式', () => {
  it('goes from the question to the plan, the sources, the summary with citations and the mind map', async () => {
    await page.goto('/metaso/welcome');
    await submitProviderLogin(page, 'staff', 'staff123');
    await page.getByTestId('research-link').click();
    await page.waitForURL(/\/metaso\/research/);
    await page.getByRole('radio', { name: '深度研究' }).waitFor();
    await shoot(page, 'research-empty-1280');

    await page.getByTestId('research-query').fill('青石港的货物吞吐量和自动化码头');
    await page.getByTestId('research-start').click();
    const editor = page.getByTestId('plan-editor');
    await editor.waitFor();
    await editor.getByRole('textbox', { name: '检索词 1' }).fill('青石港 吞吐量');
    await editor.getByRole('button', { name: '添加检索词' }).click();
    await editor.getByRole('textbox', { name: '检索词 2' }).fill('青石港 自动化码头');
    await shoot(page, 'research-plan-1280');
    await page.getByTestId('plan-run').click();

    await page.locator('[data-step="mind"][data-status="done"]').waitFor();
    const summary = page.getByTestId('research-summary');
    await summary.waitFor();
    await expect(summary.textContent()).resolves.toContain('3200万吨');
    await expect(summary.textContent()).resolves.toContain('摘录模式');
    const sources = page.getByTestId('research-sources');
    await expect(sources.textContent()).resolves.toContain('青石港年度概况');
    await expect(sources.textContent()).resolves.not.toContain('169.254');
    await page.getByTestId('mind-map').locator('g').first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('mind-export-md').click();
    expect((await download).suggestedFilename()).toMatch(/\.md$/);
    const png = page.waitForEvent('download');
    await page.getByTestId('mind-export-png').click();
    expect((await png).suggestedFilename()).toMatch(/\.png$/);
    await summary.scrollIntoViewIfNeeded();
    await shoot(page, 'research-summary-1280');
    await page.getByTestId('mind-map').scrollIntoViewIfNeeded();
    await shoot(page, 'research-mind-1280');

    // Everything comes back after a reload.
    await page.reload();
    await page.getByTestId('research-summary').waitFor();
    await expect(page.getByTestId('research-summary').textContent()).resolves.toContain('3200万吨');
    await page.getByTestId('mind-map').locator('g').first().waitFor();
  });

  it('works on a phone', async () => {
    const context = await newContext(browser, {
      baseURL: portal.baseUrl,
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
      storageState: await page.context().storageState(),
    });
    const phone = await context.newPage();
    await phone.goto(page.url());
    await phone.getByTestId('research-summary').waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await shoot(phone, 'research-done-390', true);
    await context.close();
  });
});
