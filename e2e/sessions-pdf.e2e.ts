import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPortalUrl } from './shared-portal';
import { launchBrowser, newContext, newPage, PHONE, PHONE_WIDTH, submitProviderLogin } from './browser';
import { markOnSheet } from './pdf-mark';

/** PDF analysis in the browser, against the demo model: upload, status, ask, a page citation opening the viewer. */

const baseUrl = sharedPortalUrl();
let browser: Browser;
let context: BrowserContext;
let page: Page;
const artifacts = join(import.meta.dirname, 'artifacts');
const TOUCH_MIN = 44;
let pdfPaths: string[] = [];

async function writePdf(dir: string, name: string, pages: string[]): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font });
  const path = join(dir, name);
  writeFileSync(path, await doc.save());
  return path;
}

/**
 * The viewer shows `pageNumber` drawn (a canvas with ink) and the cited line marked where the test
 * PDFs draw it: 62 points below the top of an 842-point page, i.e. about 6–8% down.
 */
async function expectMarkedPage(p: Page, pageNumber: number) {
  const viewer = p.getByTestId('pdf-viewer');
  await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 60_000 }).toBe('ready');
  expect(await viewer.getAttribute('data-page')).toBe(String(pageNumber));
  await p.getByTestId('pdf-highlight').first().waitFor({ state: 'visible', timeout: 30_000 });
  const mark = await markOnSheet(p);
  expect(mark.top).toBeGreaterThan(0.04);
  expect(mark.top).toBeLessThan(0.09);
  expect(mark.left).toBeGreaterThan(0);
  expect(mark.width).toBeGreaterThan(0.3);
  // The canvas holds the drawn page: some pixels under the mark are dark (text), not blank.
  const inked = await p.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.pdf-viewer-page canvas')!;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, Math.floor(canvas.height * 0.1)).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark++;
    return dark;
  });
  expect(inked).toBeGreaterThan(50);
}

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-e2e-'));
  pdfPaths = [
    // Three pages; only page 3 speaks of net profit.
    await writePdf(dir, 'report.pdf', [
      'Annual report 2025. Overview of the company and its markets.',
      'Revenue grew to 120 million yuan in 2025, up 18 percent on the year before.',
      'Net profit was 12 million yuan. The board proposes a dividend of 0.3 yuan per share.',
    ]),
    await writePdf(dir, 'handbook.pdf', ['Employee handbook.', 'Office hours are nine to six on weekdays.']),
  ];
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, baseUrl));
});
afterAll(async () => {
  await browser?.close();
});

describe('pdf analysis in the browser', () => {
  it('uploads two PDFs, sees them ready, asks, and opens the cited page', async () => {
    await page.goto('/pdf');
    await submitProviderLogin(page, 'staff', 'staff123');
    // The button opens the picker; two PDFs picked at once go up one after the other.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '新建会话并上传 PDF' }).click();
    await (await chooser).setFiles(pdfPaths);
    await page.waitForURL(/\/pdf\/session\?id=/, { timeout: 60_000 });

    // At 1280 px the files are in a drawer behind 文件, each with its own status.
    await page.getByTestId('session-files-button').click();
    const ready = page.locator('[data-testid="session-file"][data-status="ready"]');
    await expect.poll(() => ready.count(), { timeout: 60_000 }).toBe(2);
    const file = page.locator('[data-testid="session-file"]', { hasText: 'report.pdf' });
    expect(await file.getByTestId('session-file-status').innerText()).toBe('已就绪');
    expect(await file.innerText()).toContain('3 页');
    await page.keyboard.press('Escape');
    // The drawer gives the focus back to its button once it has closed: typing before that (a busy
    // machine) lost the Enter of the question to the button.
    await file.waitFor({ state: 'hidden' });

    // Recommended questions stream in once the document is ready.
    await page.getByTestId('recommend-question').first().waitFor({ timeout: 30_000 });

    const box = page.locator('.chat-composer textarea');
    await box.fill('What was the net profit?');
    await box.press('Enter');
    await page.waitForSelector('[data-testid="chat-answer"][data-status="done"]', { timeout: 60_000 });
    const citation = page.locator('.md-sources a', { hasText: '第3页' }).first();
    await citation.waitFor();
    expect(await citation.innerText()).toBe('report.pdf · 第3页');

    // pdf.js runs in its own worker, loaded from our origin under the portal's CSP.
    const workers: string[] = [];
    const warnings: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    page.on('console', (message) => {
      if (/Content Security Policy|fake worker/i.test(message.text())) warnings.push(message.text());
    });
    await citation.click();
    const viewer = page.getByTestId('source-viewer');
    await viewer.waitFor();
    expect(await viewer.getByLabel('引用原文').innerText()).toContain('Net profit was 12 million yuan');
    // pdf.js draws page 3 and marks the cited line on it.
    await expectMarkedPage(page, 3);
    expect(workers.some((url) => new URL(url).origin === new URL(page.url()).origin && /pdf\.worker/.test(url))).toBe(
      true,
    );
    expect(warnings).toEqual([]);
    expect(page.url()).toContain('page=3');
    await page.screenshot({ path: join(artifacts, 'desk-pdf-viewer.png') });
    // Paging by key leaves the cited page and its mark; coming back brings the mark again.
    await page.getByTestId('pdf-viewer').getByRole('region').press('ArrowLeft');
    await expect.poll(() => page.getByTestId('pdf-viewer').getAttribute('data-page')).toBe('2');
    expect(await page.getByTestId('pdf-highlight').count()).toBe(0);
    await page.getByRole('button', { name: '下一页' }).click();
    await expectMarkedPage(page, 3);

    // The session, its file and the cited answer survive a reload; the viewer reopens from the address.
    await page.reload();
    await page.getByTestId('source-viewer').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid="chat-answer"][data-status="done"]');
    await page.getByTestId('session-files-button').click();
    await expect.poll(() => page.locator('[data-testid="session-file"]').count()).toBe(2);
  });
});

describe('pdf analysis on a phone', () => {
  it('fits 390 px with the session list and files behind 44 px buttons', async () => {
    mkdirSync(artifacts, { recursive: true });
    const phone = await newContext(browser, {
      baseURL: baseUrl,
      locale: 'zh-CN',
      ...PHONE,
      storageState: await context.storageState(),
    });
    const p = await phone.newPage();
    const widest = () => p.evaluate(() => Math.max(document.documentElement.scrollWidth, window.innerWidth));
    const touchTarget = async (selector: string) => {
      const box = await p.locator(selector).first().boundingBox();
      expect(box, selector).not.toBeNull();
      expect(box!.height, selector).toBeGreaterThanOrEqual(TOUCH_MIN);
      expect(box!.width, selector).toBeGreaterThanOrEqual(TOUCH_MIN);
    };

    await p.goto('/pdf/welcome');
    await p.getByRole('button', { name: '会话列表' }).waitFor({ timeout: 30_000 });
    expect(await widest()).toBeLessThanOrEqual(PHONE_WIDTH);
    await touchTarget('button[aria-label="会话列表"]');
    await p.getByRole('button', { name: '会话列表' }).tap();
    await p.locator('button.session-item').first().tap();
    await p.waitForSelector('[data-testid="chat-answer"][data-status="done"]', { timeout: 30_000 });
    expect(await widest()).toBeLessThanOrEqual(PHONE_WIDTH);
    await touchTarget('[data-testid="session-files-button"]');
    await touchTarget('.session-chip');
    await p.screenshot({ path: join(artifacts, 'phone-pdf-session.png') });
    await p.getByTestId('session-files-button').tap();
    await p.locator('[data-testid="session-file"]').first().waitFor();
    await p.screenshot({ path: join(artifacts, 'phone-pdf-files.png') });
    await p.keyboard.press('Escape');

    // A citation opens the viewer as a sheet, the page fitted to the phone's width with the line marked.
    await p.locator('.md-sources a', { hasText: '第3页' }).first().tap();
    await expectMarkedPage(p, 3);
    const sheet = (await p.locator('.pdf-viewer-page').boundingBox())!;
    expect(sheet.width).toBeLessThanOrEqual(PHONE_WIDTH);
    expect(sheet.width).toBeGreaterThan(PHONE_WIDTH * 0.7);
    expect(await widest()).toBeLessThanOrEqual(PHONE_WIDTH);
    await touchTarget('button[aria-label="下一页"]');
    await p.screenshot({ path: join(artifacts, 'phone-pdf-viewer.png') });
    await phone.close();
  });
});
