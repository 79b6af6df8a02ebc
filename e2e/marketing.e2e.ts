import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPortalUrl } from './shared-portal';
import { startFakeUpstream, type FakeUpstream } from '../apps/server/test/llm/fake-upstream';
import { launchBrowser, newContext, newPage, PHONE, PHONE_WIDTH, submitProviderLogin } from './browser';
import { FAKE_LLM_KEY, fakeChatProviders, writePortalConfig, type WrittenConfig } from './portal-config';
import { startPortal, type RunningPortal } from './portal-server';
import { opened } from './opened';

/**
 * 案例分析 end to end with the demo model: analyse a campaign, collect it with tags, find it by tag,
 * compare two saved cases, delete one and see the total change; on a desk and on a phone.
 */

const baseUrl = sharedPortalUrl();
const artifacts = join(import.meta.dirname, 'artifacts');

let browser: Browser;
let desk: { context: BrowserContext; page: Page };

const shoot = (p: Page, name: string) => p.screenshot({ path: join(artifacts, `${name}.png`) });

async function analyse(page: Page, text: string) {
  const box = page.locator('.chat-composer textarea');
  await box.fill(text);
  await box.press('Enter');
  await page.waitForURL(/\/marketing\/session\?id=/, { timeout: 60_000 });
  await page.locator('[data-testid="chat-answer"][data-status="done"]').last().waitFor({ timeout: 60_000 });
}

async function collect(page: Page, tag: string) {
  await page.getByRole('button', { name: '收藏', exact: true }).last().click();
  const dialog = await opened(page.getByRole('dialog', { name: '收藏案例' }));
  await dialog.getByLabel('标签').fill(tag);
  await dialog.getByLabel('标签').press('Enter');
  await dialog.getByLabel('备注').fill(`${tag}案例的备注`);
  await dialog.getByRole('button', { name: /保\s?存/ }).click();
  await page.getByRole('button', { name: '已收藏，编辑收藏' }).last().waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  browser = await launchBrowser();
  desk = await newPage(browser, baseUrl);
});
afterAll(async () => {
  await browser?.close();
});

describe('案例分析', () => {
  it('analyses a described campaign in the fixed frame, labelled as the demo model', async () => {
    const { page } = desk;
    await page.goto('/marketing');
    await submitProviderLogin(page, 'staff', 'staff123');
    await page.getByText('试试这些案例').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/marketing/welcome');
    await shoot(page, 'marketing-welcome-desktop');

    await analyse(
      page,
      '某茶饮品牌夏季推出“三点钟的暂停”活动：小红书种草和抖音短片，目标是提升白领的下午茶认知，话题曝光1.2亿次。',
    );
    const answer = page.locator('[data-testid="chat-answer"]').last();
    await expect(answer.textContent()).resolves.toContain('演示模型');
    for (const heading of ['背景', '洞察', '效果与数据', '可借鉴之处']) {
      await answer.getByRole('heading', { name: heading }).waitFor();
    }
    await shoot(page, 'marketing-session-desktop');
  });

  it('collects analyses with tags, filters by tag and compares two side by side', async () => {
    const { page } = desk;
    await collect(page, '茶饮');
    await page.getByRole('button', { name: '新建分析' }).click();
    await page.getByText('试试这些案例').waitFor();
    await analyse(page, '某运动品牌联合跑步达人在618发起城市夜跑挑战，抖音播放量3.2亿次，12城同步开跑。');
    await collect(page, '运动');

    await page.getByRole('tab', { name: /收藏/ }).click();
    await expect
      .poll(() => page.getByTestId('mk-collect-total').textContent(), { timeout: 30_000 })
      .toBe('共 2 个收藏');
    await page.getByRole('group', { name: '按标签筛选' }).getByRole('button', { name: /运动/ }).click();
    await expect.poll(() => page.getByTestId('mk-case').count(), { timeout: 30_000 }).toBe(1);
    await page.getByRole('group', { name: '按标签筛选' }).getByRole('button', { name: '全部' }).click();
    await expect.poll(() => page.getByTestId('mk-case').count(), { timeout: 30_000 }).toBe(2);
    await shoot(page, 'marketing-collection-desktop');

    for (const box of await page.getByTestId('mk-case').getByRole('checkbox').all()) await box.check();
    await page.getByRole('button', { name: '对比所选案例' }).click();
    const table = page.getByRole('table', { name: '案例对比表' });
    await table.waitFor();
    // Cells hold markdown, which may carry tables of its own: count the comparison's own cells.
    await expect(table.locator(':scope > thead > tr > th').count()).resolves.toBe(3);
    await expect(table.locator(':scope > tbody > tr > th').count()).resolves.toBe(9);
    await shoot(page, 'marketing-compare-desktop');
  });

  it('fits a phone: session, collection and the stacked compare view', async () => {
    const context = await newContext(browser, {
      baseURL: baseUrl,
      locale: 'zh-CN',
      ...PHONE,
    });
    const page = await context.newPage();
    const noSideways = async () =>
      expect(
        await page.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth)),
      ).toBeLessThanOrEqual(PHONE_WIDTH);
    try {
      await page.goto('/marketing/welcome');
      await submitProviderLogin(page, 'staff', 'staff123');
      await page.getByText('试试这些案例').waitFor({ timeout: 30_000 });
      await shoot(page, 'marketing-welcome-phone');
      await noSideways();

      await page.getByRole('button', { name: '分析记录' }).tap();
      const drawer = await opened(page.getByRole('dialog', { name: '分析记录' }));
      await drawer.getByRole('button').filter({ hasText: '某运动品牌' }).first().tap();
      await drawer.waitFor({ state: 'hidden' });
      const answer = page.locator('[data-testid="chat-answer"][data-status="done"]').first();
      await answer.getByRole('heading', { name: '渠道' }).waitFor({ timeout: 30_000 });
      await shoot(page, 'marketing-session-phone');
      await noSideways();
      await page.locator('[data-testid="chat-question"]').first().scrollIntoViewIfNeeded();
      await shoot(page, 'marketing-session-phone-top');

      await page.getByRole('tab', { name: /收藏/ }).tap();
      await expect.poll(() => page.getByTestId('mk-case').count(), { timeout: 30_000 }).toBe(2);
      await shoot(page, 'marketing-collection-phone');
      await noSideways();

      for (const box of await page.getByTestId('mk-case').getByRole('checkbox').all()) await box.check();
      await page.getByRole('button', { name: '对比所选案例' }).tap();
      const stacked = page.getByLabel('案例分部分对比');
      await stacked.waitFor();
      await expect(page.getByRole('table', { name: '案例对比表' }).isVisible()).resolves.toBe(false);
      await shoot(page, 'marketing-compare-phone');
      await noSideways();
    } finally {
      await context.close();
    }
  });

  it('edits a saved case’s tags, deletes another and the total follows', async () => {
    const { page } = desk;
    await page.getByRole('button', { name: '返回收藏' }).click();
    await page.getByRole('button', { name: /编辑收藏 某茶饮/ }).click();
    const dialog = await opened(page.getByRole('dialog', { name: '收藏案例' }));
    await dialog.getByLabel('标签').fill('节点营销');
    await dialog.getByLabel('标签').press('Enter');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    const filter = page.getByRole('group', { name: '按标签筛选' });
    await filter.getByRole('button', { name: /节点营销/ }).click();
    await expect.poll(() => page.getByTestId('mk-case').count(), { timeout: 30_000 }).toBe(1);
    await filter.getByRole('button', { name: '全部' }).click();
    await expect.poll(() => page.getByTestId('mk-case').count(), { timeout: 30_000 }).toBe(2);

    await page.getByRole('button', { name: /删除收藏 某运动品牌/ }).click();
    await page.getByRole('button', { name: /^删\s?除$/ }).click();
    await expect
      .poll(() => page.getByTestId('mk-collect-total').textContent(), { timeout: 30_000 })
      .toBe('共 1 个收藏');
    await expect.poll(() => page.getByTestId('mk-case').count(), { timeout: 30_000 }).toBe(1);
  });
});

/** A framed analysis as a configured model writes it. */
const FRAMED = ['背景', '目标', '受众', '洞察', '策略', '创意', '渠道', '效果与数据', '可借鉴之处']
  .map((title) => `## ${title}\n依据附件整理的${title}。\n`)
  .join('');

describe('案例分析 with a PDF attachment on a configured model', () => {
  let fake: FakeUpstream;
  let portal: RunningPortal;
  let config: WrittenConfig | undefined;
  let pdfPath = '';

  beforeAll(async () => {
    fake = await startFakeUpstream();
    fake.setDefault({ tokens: [FRAMED], intervalMs: 10 });
    config = writePortalConfig('marketing', fakeChatProviders(fake.baseUrl, { '100': 'gpt-4' }));
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc
      .addPage([400, 200])
      .drawText('Campaign recap: store scan rate rose to 12 percent.', { x: 20, y: 150, size: 11, font });
    pdfPath = join(config.dir, '活动复盘.pdf');
    writeFileSync(pdfPath, await doc.save());
    portal = await startPortal({ PORTAL_CONFIG: config.path, FAKE_LLM_KEY });
  });
  afterAll(async () => {
    await portal?.stop();
    await fake?.close();
    config?.remove();
  });

  it('shows the attachment parsed, then its text reaches the model', async () => {
    const context = await newContext(browser, {
      baseURL: portal.baseUrl,
      locale: 'zh-CN',
      ...PHONE,
    });
    const page = await context.newPage();
    try {
      await page.goto('/marketing/welcome');
      await submitProviderLogin(page, 'staff', 'staff123');
      await page.getByText('试试这些案例').waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: /添加图片或文档/ }).tap();
      await page.setInputFiles('[data-testid="file-upload-input"]', pdfPath);
      const attachment = page.locator('.mk-attachment', { hasText: '活动复盘.pdf' });
      await attachment.getByText('已就绪').waitFor({ timeout: 60_000 });
      await shoot(page, 'marketing-attachment-phone');
      expect(
        await page.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth)),
      ).toBeLessThanOrEqual(PHONE_WIDTH);
      await analyse(page, '请分析附件中的活动复盘');
      const prompt = fake.chatRequests.at(-1)!.body.messages!.at(-1)!.content as string;
      expect(prompt).toContain('活动复盘.pdf（PDF） 的文字内容');
      expect(prompt).toContain('store scan rate rose to 12 percent');
      await page.locator('[data-testid="chat-answer"]').last().getByText('依据附件整理的洞察。').waitFor();
    } finally {
      await context.close();
    }
  });
});
