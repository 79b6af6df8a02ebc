import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPortalUrl } from './shared-portal';
import { launchBrowser, newPage, submitProviderLogin } from './browser';

/**
 * 社媒洞察 end to end on the generated sample data: subscribe to a category and a brand, read the
 * insight, open a note, collect it, find it on the collection tab, export; an administrator
 * imports a vendor's file through the column mapping; on a desk and a phone.
 */

const baseUrl = sharedPortalUrl();
const artifacts = join(import.meta.dirname, 'artifacts');
const shots = process.env.RED_SHOTS_DIR ?? artifacts;

let browser: Browser;
let page: Page;

const shoot = async (name: string, width: number) => {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shots, `red-${name}-${width}.png`), fullPage: true });
};

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  mkdirSync(shots, { recursive: true });
  browser = await launchBrowser();
  page = (await newPage(browser, baseUrl)).page;
});
afterAll(async () => {
  await browser?.close();
});

describe('社媒洞察', () => {
  it('subscribes, reads the insight, collects a note and exports the filtered notes', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/red');
    await submitProviderLogin(page, 'staff', 'staff123');
    await page.waitForURL(/\/red\/overview\/insight/, { timeout: 60_000 });
    // The sample set is written by a job at start: wait for its categories.
    const subscribe = page.getByRole('button', { name: '订阅品类' });
    for (let i = 0; i < 60 && !(await subscribe.isVisible()); i++) {
      await page.waitForTimeout(1000);
      await page.reload();
    }
    await subscribe.click();
    await page.getByRole('button', { name: '取消订阅品类' }).waitFor();
    await page.getByRole('button', { name: '订阅澄光' }).click();
    await page.getByRole('button', { name: '取消订阅澄光' }).waitFor();

    // Read the insight of the brand.
    await page.getByText('澄光', { exact: true }).first().click();
    await page.getByTestId('red-total').waitFor();
    expect(Number((await page.getByTestId('red-total').textContent())?.replace(/[^\d.]/g, ''))).toBeGreaterThan(0);
    await page.getByRole('region', { name: '情感分析' }).getByText('观点原句').waitFor();
    await shoot('insight', 1280);
    await shoot('insight', 390);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Export exactly the filtered notes.
    const totalText = await page.getByText(/^共 \d+ 篇$/).textContent();
    const listed = Number(totalText?.replace(/\D/g, ''));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出Excel' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.actualRowCount - 1).toBe(listed);

    // Open a note and collect it.
    const first = page.locator('.red-article-title').first();
    const title = (await first.textContent())!;
    await first.click();
    await page.waitForURL(/\/red\/detail\?note_id=/);
    await page.getByRole('heading', { name: title }).waitFor();
    expect(await page.getByRole('tab', { name: '订阅品类洞察' }).count()).toBe(0);
    await page.getByRole('button', { name: /^收\s?藏$/ }).click();
    await page.getByRole('button', { name: '已收藏' }).waitFor();
    await shoot('detail', 1280);
    await shoot('detail', 390);

    await page.goto('/red/overview/collection');
    await page.getByRole('region', { name: '我的收藏' }).getByText(title).waitFor();
    await shoot('collection', 1280);
    await shoot('collection', 390);
  });

  it('ranks hot and new topics and prints the report page', async () => {
    await page.goto('/red/top/hot');
    await page.locator('.red-topic').first().waitFor();
    await shoot('top-hot', 1280);
    await shoot('top-hot', 390);
    await page.goto('/red/top/newest');
    await page.getByText('#新品测评').waitFor();
    await page.getByText('#新品测评').click();
    await page.getByText('热门笔记').waitFor();
    await shoot('top-newest', 1280);
    await page.goto('/red/pdftest');
    await page.getByRole('heading', { name: /洞察报告/ }).waitFor();
    await page.getByTestId('red-total').waitFor();
    await shoot('pdftest', 1280);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('imports a vendor file through the preview and the column mapping', async () => {
    const admin = (await newPage(browser, baseUrl)).page;
    const shootAdmin = async (name: string, width: number) => {
      await admin.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await admin.waitForTimeout(300);
      await admin.screenshot({ path: join(shots, `red-${name}-${width}.png`), fullPage: true });
    };
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.goto('/red');
    await submitProviderLogin(admin, 'admin', 'admin123');
    await admin.waitForURL(/\/red\/overview\/insight/, { timeout: 60_000 });
    await admin.getByRole('button', { name: '导入笔记' }).click();
    await admin.waitForURL(/\/red\/import/);
    const now = Date.now();
    const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
    const csv = [
      '笔记ID,笔记标题,正文,博主,发布时间,点赞数,收藏,话题标签',
      `e2e-import-1,澄光小金瓶真的好用,保湿不油腻，会回购,阿云,${at(2)},1.2万,300,#护肤日常#`,
      `e2e-import-2,咖啡记录,今天的拿铁,橘子,${at(3)},12,3,咖啡日记`,
      `e2e-import-3,时间写错的一行,记录,小鹿,昨天,5,1,`,
    ].join('\n');
    await admin
      .locator('input[type=file]')
      .setInputFiles({ name: 'vendor.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await admin.getByRole('combobox', { name: '笔记ID对应的列' }).waitFor();
    await admin.getByText('文件预览（前 3 行）').waitFor();
    await shootAdmin('import-mapping', 1280);
    await shootAdmin('import-mapping', 390);
    await admin.setViewportSize({ width: 1280, height: 900 });
    await admin.getByRole('button', { name: /开始导入/ }).click();
    await admin.getByText(/导入完成/).waitFor({ timeout: 60_000 });
    await admin.getByText(/不是有效的时间：昨天/).waitFor();
    expect(await admin.locator('.red-import-counts').textContent()).toContain('导入 2 条');
    await shootAdmin('import-done', 1280);
    await shootAdmin('import-done', 390);
    await admin.context().close();
  });
});
