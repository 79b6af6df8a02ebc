import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPortalUrl } from './shared-portal';
import { launchBrowser, newContext, submitProviderLogin } from './browser';
import { signInOverHttp } from './oidc-login';
import { markOnSheet } from './pdf-mark';
import { pdfOf } from './report-pdf';
import { opened } from './opened';

/**
 * 行业分析报告 in the browser: the library, a conversation on two reports, a suggested question,
 * a citation followed to the viewer, the brief exported as Word; screenshots at desk and phone width.
 */
const baseUrl = sharedPortalUrl();
const artifacts = join(import.meta.dirname, 'artifacts');

/** word/document.xml of a docx (a zip), inflated. */
function documentXml(zip: Buffer): string {
  for (let at = 0; at + 30 < zip.length;) {
    if (zip.readUInt32LE(at) !== 0x04034b50) break;
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const start = at + 30 + nameLength + zip.readUInt16LE(at + 28);
    if (zip.subarray(at + 30, at + 30 + nameLength).toString() === 'word/document.xml') {
      const data = zip.subarray(start, start + size);
      return (zip.readUInt16LE(at + 8) === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at = start + size;
  }
  return '';
}

let browser: Browser;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  const { access_token } = await signInOverHttp(baseUrl, 'admin', 'admin123');
  const headers = { authorization: `Bearer ${access_token.token}` };
  const category = await fetch(`${baseUrl}/api/report/admin/category/create`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: '休闲食品' }),
  }).then((r) => r.json() as Promise<{ data: { category_id: number } }>);
  const reports: [string, string[]][] = [
    [
      '2024中国休闲零食行业报告',
      [
        'China Snack Industry Report 2024.',
        'Market size.\nThe snack market size reached 1.2 trillion yuan in 2024,\ngrowth of 8 percent year on year.',
        'Leading players.\nThe leading company Three Squirrels holds a market share of 6 percent.',
        'Risks.\nRaw material costs and price competition are the main risk.',
      ],
    ],
    [
      '2025中国休闲零食行业报告',
      ['China Snack Industry Report 2025.', 'Market size.\nThe snack market size reached 1.3 trillion yuan in 2025.'],
    ],
  ];
  for (const [title, pages] of reports) {
    const form = new FormData();
    form.append('file', await pdfOf(pages), `${title}.pdf`);
    const query = new URLSearchParams({ category_id: String(category.data.category_id), source: '测试研究院' });
    const res = await fetch(`${baseUrl}/api/report/file/upload?${query}`, { method: 'POST', headers, body: form });
    expect(((await res.json()) as { code: number }).code).toBe(0);
  }
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function signedIn(
  viewport: { width: number; height: number },
  phone: boolean,
  login = 'staff',
): Promise<[BrowserContext, Page]> {
  const context = await newContext(browser, {
    baseURL: baseUrl,
    locale: 'zh-CN',
    viewport,
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto('/report');
  await submitProviderLogin(page, login, `${login}123`);
  return [context, page];
}

describe.each([
  ['desk', { width: 1280, height: 800 }, false],
  ['phone', { width: 390, height: 844 }, true],
] as const)('industry reports (%s)', (name, viewport, phone) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    [context, page] = await signedIn(viewport, phone);
  });
  afterAll(async () => context?.close());

  it('lists the category with its reports once parsed, and starts a conversation on two of them', async () => {
    await page.getByText('2024中国休闲零食行业报告').first().waitFor({ timeout: 30_000 });
    // The portal is shared with other browser suites, whose reports may be listed too: count this
    // suite's two.
    const ready = (title: string) =>
      page.locator('.report-item', { hasText: title }).locator('.report-status', { hasText: '已就绪' }).count();
    await expect
      .poll(async () => (await ready('2024中国休闲零食行业报告')) + (await ready('2025中国休闲零食行业报告')), {
        timeout: 60_000,
      })
      .toBe(2);
    await page.screenshot({ path: join(artifacts, `report-welcome-${name}.png`) });
    const widest = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(widest).toBeLessThanOrEqual(viewport.width);
    await page.getByRole('checkbox', { name: '选择 2024中国休闲零食行业报告' }).check();
    await page.getByRole('checkbox', { name: '选择 2025中国休闲零食行业报告' }).check();
    await page.getByRole('button', { name: '开始对话' }).click();
    await page.waitForURL(/\/report\/session\?id=/);
  });

  it('answers a suggested question, then a typed one with citations that open the report at the cited page', async () => {
    const suggestions = page.locator('.report-suggest-item');
    await suggestions.first().waitFor({ timeout: 30_000 });
    const suggested = (await suggestions.first().textContent()) ?? '';
    await suggestions.first().click();
    await page.locator('.report-question', { hasText: suggested }).waitFor({ timeout: 30_000 });
    await page.locator('.report-answer-actions').first().waitFor({ timeout: 30_000 });
    // The test reports are English (the PDF font has no Chinese glyphs): ask in their words.
    const box = page.getByRole('textbox', { name: '输入问题' });
    await box.fill('snack market size in 2024');
    await box.press('Enter');
    await page.locator('.report-answer-actions').nth(1).waitFor({ timeout: 30_000 });
    const citation = page.locator('.report-answer').last().locator('.report-citation').first();
    await citation.waitFor();
    expect(await citation.textContent()).toMatch(/第2页/);
    await page.screenshot({ path: join(artifacts, `report-answer-${name}.png`) });
    await citation.click();
    const slice = page.getByTestId('slice-text');
    await slice.waitFor({ timeout: 30_000 });
    expect(await slice.textContent()).toMatch(/trillion yuan/);
    // pdf.js draws page 2 with the cited lines marked: the report's text starts 40 points down a 400-point page.
    const viewer = page.getByTestId('pdf-viewer');
    await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');
    expect(await viewer.getAttribute('data-page')).toBe('2');
    await page.getByTestId('pdf-highlight').first().waitFor({ state: 'visible', timeout: 30_000 });
    const mark = await markOnSheet(page);
    expect(mark.top).toBeGreaterThan(0.05);
    expect(mark.top).toBeLessThan(0.3);
    expect(mark.sheetWidth).toBeLessThanOrEqual(viewport.width);
    // Let the drawer finish sliding in before the picture.
    await page.waitForTimeout(1000);
    await page.screenshot({ path: join(artifacts, `report-viewer-${name}.png`) });
    await page.keyboard.press('Escape');
  });

  it('streams the brief from the demo model, keeps it on reload and exports it as Word with its citations', async () => {
    await page.getByRole('button', { name: '生成行业简报' }).click();
    const brief = page.locator('.report-brief').last();
    await brief
      .getByText('演示模型', { exact: false })
      .waitFor({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        await page.screenshot({ path: join(artifacts, `report-brief-failed-${name}.png`) });
        throw error;
      });
    await brief.getByText('市场规模与增长').waitFor();
    await brief.locator('.report-citation').first().waitFor();
    await page.reload();
    await page.locator('.report-brief').last().getByText('演示模型', { exact: false }).waitFor({ timeout: 30_000 });
    await page.locator('.report-brief').last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifacts, `report-brief-${name}.png`), fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '导出 Word' }).last().click(),
    ]);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const xml = documentXml(readFileSync(path));
    expect(xml).toContain('市场规模与增长');
    expect(xml).toContain('演示模型');
    expect(xml).toMatch(/1\.2 trillion[^<]*\[\d+\]/);
    expect(xml).toContain('出处');
    expect(xml).toContain('第2页');
  });

  it('compares the two reports side by side, streamed into the conversation', async () => {
    await page.getByRole('button', { name: '对比报告' }).click();
    const picker = await opened(page.getByRole('dialog', { name: '报告对比' }));
    await picker.getByRole('button', { name: /开始对比/ }).click();
    await picker.waitFor({ state: 'hidden' });
    const comparison = page.locator('.report-compare').last();
    await comparison.getByText('1.3 trillion', { exact: false }).first().waitFor({ timeout: 60_000 });
    await comparison.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifacts, `report-compare-${name}.png`) });
    const widest = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(widest).toBeLessThanOrEqual(viewport.width);
  });

  it('renames the conversation and changes its reports', async () => {
    await page.getByRole('button', { name: '编辑会话' }).click();
    const dialog = await opened(page.getByRole('dialog', { name: '编辑会话' }));
    await dialog.getByRole('textbox', { name: '会话标题' }).fill(`零食报告对比 ${name}`);
    await page.screenshot({ path: join(artifacts, `report-edit-${name}.png`) });
    // Drop the 2025 report from the conversation (its tag's close button in the picker).
    await dialog
      .locator('.ant-select-selection-item', { hasText: '2025中国休闲零食行业报告' })
      .locator('.ant-select-selection-item-remove')
      .click();
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    await page.locator('.report-session-title', { hasText: `零食报告对比 ${name}` }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.locator('.report-chosen .ant-tag').count()).toBe(1);
    await page.reload();
    await page.locator('.report-session-title', { hasText: `零食报告对比 ${name}` }).waitFor({ timeout: 30_000 });
    expect(await page.locator('.report-chosen').textContent()).not.toContain('2025中国休闲零食行业报告');
  });
});

describe('deleting a report (phone)', () => {
  it('deletes an own report from the library; a conversation that held it shows it as 已删除', async () => {
    const { access_token } = await signInOverHttp(baseUrl, 'staff', 'staff123');
    const headers = { authorization: `Bearer ${access_token.token}` };
    const form = new FormData();
    form.append('file', await pdfOf(['Private memo.', 'Beverage channel share is 31 percent.']), '饮料渠道备忘.pdf');
    const up = await fetch(`${baseUrl}/api/report/file/upload`, { method: 'POST', headers, body: form });
    const own = ((await up.json()) as { data: { report_id: string } }).data;
    const [context, page] = await signedIn({ width: 390, height: 844 }, true);
    try {
      const item = page.locator('.report-item', { hasText: '饮料渠道备忘' });
      await item.getByText('已就绪').waitFor({ timeout: 60_000 });
      const shared = await page.evaluate(async (token) => {
        const res = await fetch('/api/report/home/reportCategory', { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { data: { list: { reports: { report_id: string; title: string }[] }[] } };
        return body.data.list.flatMap((c) => c.reports).find((r) => r.title === '2024中国休闲零食行业报告')!.report_id;
      }, access_token.token);
      const created = await fetch(`${baseUrl}/api/report/conversation/create`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ report_ids: [shared, own.report_id], title: '饮料与零食' }),
      }).then((r) => r.json() as Promise<{ data: { conversation_id: string } }>);
      // Only the owner's own report offers 删除 to staff; shared ones do not.
      expect(
        await page
          .locator('.report-item', { hasText: '2024中国休闲零食行业报告' })
          .getByRole('button', { name: /删除/ })
          .count(),
      ).toBe(0);
      await item.getByRole('button', { name: '删除 饮料渠道备忘' }).tap();
      await page.screenshot({ path: join(artifacts, 'report-delete-phone.png') });
      await (await opened(page.locator('.ant-popconfirm'))).locator('.ant-btn-primary').tap();
      await page.getByText('报告已删除').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.locator('.report-item', { hasText: '饮料渠道备忘' }).count()).toBe(0);
      const widest = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(widest).toBeLessThanOrEqual(390);

      await page.goto(`/report/session?id=${created.data.conversation_id}`);
      await page.locator('.report-chosen').getByText('已删除').waitFor({ timeout: 30_000 });
      await page.screenshot({ path: join(artifacts, 'report-session-deleted-phone.png') });
    } finally {
      await context.close();
    }
  });
});

describe('industry reports for an administrator (phone)', () => {
  it('offers the shared categories as upload targets and a new category field, nothing cut off', async () => {
    const [context, page] = await signedIn({ width: 390, height: 844 }, true, 'admin');
    try {
      await page.getByRole('button', { name: '新建分类' }).waitFor({ timeout: 30_000 });
      await page.getByRole('combobox', { name: '上传到' }).click();
      await page.getByText('共享：休闲食品').click();
      await page.getByRole('button', { name: '上传到共享分类' }).waitFor();
      const widest = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(widest).toBeLessThanOrEqual(390);
      await page.screenshot({ path: join(artifacts, 'report-welcome-admin-phone.png') });
    } finally {
      await context.close();
    }
  });
});
