import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPortalUrl } from './shared-portal';
import { launchBrowser, newPage, submitProviderLogin } from './browser';

/**
 * 图片设计 end to end on the built-in engine: upload a product photo, cut it out, correct the
 * mask with the brush, put it on a studio scene, download the result; then the same screen on a
 * phone.
 */

const baseUrl = sharedPortalUrl();
const artifacts = join(import.meta.dirname, 'artifacts');

let browser: Browser;

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A red bottle on a light grey backdrop, 600×600. */
async function productPhoto(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#e6e6e6"/><path d="M265 90 h70 v60 q75 35 75 110 v230 q0 25 -25 25 h-170 q-25 0 -25 -25 v-230 q0 -75 75 -110 z" fill="#c0392b"/></svg>`;
  const path = join(tmpdir(), `addbg-e2e-${process.pid}.png`);
  await sharp(Buffer.from(svg)).png().toFile(path);
  return path;
}

describe('图片设计', () => {
  it('uploads a product photo, cuts it out, puts it on a scene and downloads it', { timeout: 600_000 }, async () => {
    const { page } = await newPage(browser, baseUrl);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/addbg');
    await submitProviderLogin(page, 'admin', 'admin123');
    await page.waitForURL(/\/addbg\/workbench/, { timeout: 60_000 });
    await page.getByText('1. 上传商品图').waitFor({ timeout: 60_000 });

    await page.locator('input[type="file"]').setInputFiles(await productPhoto());
    await page
      .getByRole('img', { name: '商品原图' })
      .or(page.locator('img[alt="商品原图"]'))
      .first()
      .waitFor({ timeout: 60_000 });

    await page.getByRole('button', { name: /一键抠图/ }).click();
    // The model runs on the CPU of a shared machine: give it time.
    await page.locator('img[alt="抠图 1"]').waitFor({ timeout: 400_000 });

    // The brush: erase a stripe of the bottle's body, undo it, erase again, use the corrected mask.
    await page.getByRole('button', { name: /画笔修正抠图/ }).click();
    const canvas = page.getByRole('img', { name: /蒙版画布/ });
    await canvas.waitFor({ timeout: 60_000 });
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const stroke = async () => {
      await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.7);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.56, box.y + box.height * 0.7, { steps: 5 });
      await page.mouse.up();
    };
    await stroke();
    const undo = page.getByRole('button', { name: /撤销/ });
    await expect.poll(() => undo.isEnabled()).toBe(true);
    // The canvas took the focus when painted on: the shortcut works right away.
    await page.keyboard.press('Control+z');
    await expect.poll(() => undo.isEnabled()).toBe(false);
    await stroke();
    await page.screenshot({ path: join(artifacts, 'addbg-brush-desktop.png'), fullPage: true });
    await page.getByRole('button', { name: /使用修正后的蒙版/ }).click();
    await page.getByText('生成场景图将使用修正后的蒙版').waitFor({ timeout: 60_000 });

    await page.getByRole('radio', { name: '白色影棚' }).click();
    await page.getByRole('button', { name: /生成场景图/ }).click();
    await page.locator('img[alt="场景图 1"]').waitFor({ timeout: 120_000 });
    await page.screenshot({ path: join(artifacts, 'addbg-workbench-desktop.png'), fullPage: true });

    const scene = page.locator('figure', { has: page.locator('img[alt="场景图 1"]') });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      scene.getByRole('button', { name: /PNG/ }).click(),
    ]);
    const file = await download.path();
    const meta = await sharp(readFileSync(file)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 800, height: 800 });

    // The same work on a phone: one column, the results kept across the reload.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.locator('img[alt="场景图 1"]').waitFor({ timeout: 60_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(artifacts, 'addbg-workbench-phone.png'), fullPage: true });
    await page.getByRole('button', { name: /画笔修正抠图/ }).click();
    await page.getByRole('img', { name: /蒙版画布/ }).waitFor({ timeout: 60_000 });
    const phoneOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(phoneOverflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(artifacts, 'addbg-brush-phone.png'), fullPage: true });
  });
});
