import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPortalUrl } from './shared-portal';
import { launchBrowser, newPage, submitProviderLogin } from './browser';

/** Staff browse the portal; an administrator then sees those visits on the dashboard. */

const baseUrl = sharedPortalUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Resolves once a batch carrying an event of this type (and detail text) reached the collector. */
function collected(page: Page, type: number, detail: string): Promise<Response> {
  return page.waitForResponse(
    (res) =>
      res.url().includes('/api/analytics/collect') &&
      res.ok() &&
      (res.request().postData() ?? '').includes(`"type":${type}`) &&
      (res.request().postData() ?? '').includes(detail),
    { timeout: 30_000 },
  );
}

describe('behaviour analytics in the browser', () => {
  it('records a staff member opening apps and moving between routes', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/home');
    await submitProviderLogin(page, 'staff', 'staff123');
    await page.waitForSelector('[data-testid="app-card"]');

    const opened = collected(page, 12, '"app_key":"chatgpt"');
    await page.locator('[data-testid="app-card"][data-app-key="chatgpt"]').first().click();
    await page.waitForURL('**/chatgpt/welcome');
    await opened;

    const routed = collected(page, 106, '"route_name":"home"');
    await page.goBack();
    await page.waitForSelector('[data-testid="app-card"]');
    await routed;
    await context.close();
  });

  it('shows those visits and app opens to an administrator', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    // The dashboard is the console's 数据看板 tab.
    await page.goto('/admin?tab=analytics');
    await submitProviderLogin(page, 'admin', 'admin123');
    await page.waitForURL('**/admin?tab=analytics');
    await page.getByRole('button', { name: '刷新数据' }).click();
    // The table may first show figures from before the rollup (ChatGPT with cycles but no opens
    // yet); the rolled-up figures replace them once the refetch lands.
    const row = page.locator('.ant-card', { hasText: '应用明细' }).locator('tr', { hasText: 'ChatGPT' }).first();
    await expect
      .poll(async () => Number(await row.locator('td').nth(1).innerText()), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    const appOpens = page.locator('.ant-statistic', { hasText: '应用打开' });
    await expect
      .poll(async () => Number(await appOpens.locator('.ant-statistic-content').innerText()), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('keeps the dashboard from staff', async () => {
    const { context, page } = await newPage(browser, baseUrl);
    await page.goto('/admin');
    await submitProviderLogin(page, 'staff', 'staff123');
    await page.waitForURL('**/landing?**');
    expect(new URL(page.url()).searchParams.get('appKey')).toBe('admin');
    await context.close();
  });
});
