import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, submitProviderLogin } from './browser';
import { expireStoredToken, portalWithKnownSecret } from './expired-token';
import { pdfOf } from './report-pdf';

/**
 * 行业分析报告 after the 15-minute access token has expired: the upload and the export go through
 * the HTTP client's refresh and retry like every other call, so they work without signing in again.
 */

const started = portalWithKnownSecret();

describe('industry reports with an expired access token', () => {
  let context: BrowserContext;
  let page: Page;
  let refreshes = 0;

  beforeAll(async () => {
    context = await newContext(started.browser, {
      baseURL: started.portal.baseUrl,
      locale: 'zh-CN',
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    await context.route('**/api/user/refreshToken', async (route) => {
      refreshes += 1;
      await route.continue();
    });
    page = await context.newPage();
    await page.goto('/report');
    await submitProviderLogin(page, 'staff', 'staff123');
    await page.getByRole('button', { name: '上传我的报告' }).waitFor({ timeout: 60_000 });
  });
  afterAll(async () => context?.close());

  it('uploads a report', async () => {
    await expireStoredToken(page, started.jwtSecret);
    const pdf = await pdfOf(['Coffee Market Report.', 'Market size.\nThe coffee market reached 300 billion yuan.']);
    await page.locator('input[type="file"]').setInputFiles({
      name: '咖啡市场报告.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await pdf.arrayBuffer()),
    });
    await page.getByRole('checkbox', { name: '选择 咖啡市场报告' }).waitFor({ timeout: 60_000 });
    expect(refreshes).toBe(1);
    expect(await page.getByText('登录已失效，请重新登录').count()).toBe(0);
  });

  it('exports an answer', async () => {
    await expect.poll(async () => page.getByText('已就绪').count(), { timeout: 90_000 }).toBeGreaterThan(0);
    await page.getByRole('checkbox', { name: '选择 咖啡市场报告' }).check();
    await page.getByRole('button', { name: '开始对话' }).click();
    await page.waitForURL(/\/report\/session\?id=/);
    const box = page.getByRole('textbox', { name: '输入问题' });
    await box.fill('coffee market size');
    await box.press('Enter');
    await page.locator('.report-answer-actions').first().waitFor({ timeout: 60_000 });

    await expireStoredToken(page, started.jwtSecret);
    const before = refreshes;
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: '导出 Markdown' }).first().click(),
    ]);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text).toContain('coffee market size');
    expect(refreshes).toBe(before + 1);
    expect(await page.getByText('登录已失效，请重新登录').count()).toBe(0);
  });
});
