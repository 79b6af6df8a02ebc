import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPortalUrl } from './shared-portal';
import { launchBrowser, newPage, submitProviderLogin } from './browser';

/** Brainstorm and insight in the browser, against the demo model; both survive a reload. */

const baseUrl = sharedPortalUrl();
let browser: Browser;
let page: Page;

const ROUND_TIMEOUT = 60_000;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser, baseUrl));
  await page.goto('/brainstorm');
  await submitProviderLogin(page, 'staff', 'staff123');
});
afterAll(async () => {
  await browser?.close();
});

describe('brainstorm in the browser', () => {
  it('runs two rounds, keeps and rates a card, and ends with a mind map that exports', async () => {
    await page.locator('.session-welcome textarea').first().fill('如何让年轻人更愿意在周末去社区图书馆？');
    await page.getByRole('button', { name: '开始头脑风暴' }).click();
    await page.waitForURL(/\/brainstorm\/session\?id=/);
    const rounds = page.getByTestId('idea-round');
    await expect.poll(() => rounds.count(), { timeout: ROUND_TIMEOUT }).toBe(1);

    const first = rounds.first().getByTestId('idea-card').first();
    await first.getByRole('button', { name: /保留/ }).click();
    await expect.poll(() => first.getAttribute('data-state')).toBe('kept');
    await first.locator('.ant-rate-star').nth(3).click();
    // At 1280 px the kept ideas are in a drawer behind 资料与想法.
    await page.getByTestId('session-files-button').click();
    const board = page.getByRole('region', { name: '已保留的想法' });
    await expect.poll(() => board.locator('.idea-board-title').count()).toBe(1);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: '开始新一轮' }).click();
    await expect.poll(() => rounds.count(), { timeout: ROUND_TIMEOUT }).toBe(2);

    await page.getByRole('button', { name: '生成总结' }).click();
    const summary = page.getByTestId('brainstorm-summary');
    await summary.waitFor({ timeout: ROUND_TIMEOUT });
    await page.locator('[data-testid="mind-map"] g').first().waitFor({ timeout: 30_000 });
    expect(await summary.locator('.bs-shortlist > li').count()).toBeGreaterThanOrEqual(1);

    const download = page.waitForEvent('download');
    await summary.getByRole('button', { name: '导出 Markdown' }).click();
    expect((await download).suggestedFilename()).toMatch(/思维导图\.md$/);

    await page.reload();
    await page.getByTestId('brainstorm-summary').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('idea-round').count()).toBe(2);
    expect(await page.getByTestId('idea-card').first().getAttribute('data-state')).toBe('kept');
  });
});

describe('insight in the browser', () => {
  it('builds a report from an uploaded csv whose quotes open their source row', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'insight-e2e-'));
    const csv = join(dir, '评论.csv');
    writeFileSync(
      csv,
      [
        'comment',
        '耳机音质很好，就是续航太短',
        '颜值很高，送人很有面子',
        '充电太慢了，等了三个小时',
        '客服态度很差，退货很麻烦',
        '降噪效果惊喜，地铁上很安静',
      ].join('\n'),
    );
    await page.goto('/insight/welcome');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '新建会话并上传文件' }).click();
    await (await chooser).setFiles(csv);
    await page.waitForURL(/\/insight\/session\?id=/, { timeout: 60_000 });
    await page.getByTestId('session-files-button').click();
    await page.locator('[data-testid="session-file"][data-status="ready"]').waitFor({ timeout: 60_000 });
    await page.keyboard.press('Escape');

    await page.locator('.session-toolbar').getByRole('button', { name: '生成洞察报告' }).click();
    const report = page.getByTestId('insight-report');
    await report.waitFor({ timeout: ROUND_TIMEOUT });
    expect(await report.getByTestId('insight-voices').innerText()).toBe('5');

    const quote = report.getByTestId('insight-quote').first();
    const source = (await quote.locator('.insight-quote-source').innerText()).trim();
    expect(source).toMatch(/^评论\.csv · 第\d+行$/);
    await quote.click();
    const viewer = page.getByTestId('source-viewer');
    await viewer.waitFor();
    expect(await viewer.innerText()).toContain('评论.csv');

    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByTestId('insight-report').waitFor({ timeout: 30_000 });
  });
});
