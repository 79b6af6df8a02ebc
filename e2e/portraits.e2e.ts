import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeComfyEngine, scenePng } from '../apps/server/test/addbg/fake-engines';
import { PHONE, launchBrowser, newPage, submitProviderLogin } from './browser';
import { startPortal, type RunningPortal } from './portal-server';
import { opened } from './opened';

/**
 * 人像写真 end to end against a fake ComfyUI: the consent dialog before the first upload, a photo
 * set of three photos, its training with progress (held half-way by the engine, then released),
 * portraits in a style, and deletion of the set with everything in it; the studio on a phone.
 */

const artifacts = join(import.meta.dirname, 'artifacts');
let browser: Browser;
let comfy: FakeComfyEngine;
let portal: RunningPortal;

function configWithComfy(url: string): string {
  const config = JSON.parse(readFileSync(resolve(import.meta.dirname, '../portal.config.example.json'), 'utf8')) as {
    addbg?: Record<string, unknown>;
  };
  config.addbg = { ...config.addbg, comfyui: { url, poll_ms: 100 } };
  const file = join(tmpdir(), `portal-portraits-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/** Three small face-photo stand-ins (JPEG, PNG, WebP), as files the browser picks. */
async function photoFiles(): Promise<string[]> {
  const formats = ['jpeg', 'png', 'webp'] as const;
  return Promise.all(
    formats.map(async (format, i) => {
      const path = join(tmpdir(), `portrait-e2e-${process.pid}-${i}.${format === 'jpeg' ? 'jpg' : format}`);
      const color = ['#d0a080', '#c89878', '#d8a888'][i]!;
      await sharp({ create: { width: 320, height: 400, channels: 3, background: color } })
        .toFormat(format)
        .toFile(path);
      return path;
    }),
  );
}

beforeAll(async () => {
  mkdirSync(artifacts, { recursive: true });
  comfy = await new FakeComfyEngine().start();
  comfy.output = await scenePng('#b07050', 512, 680);
  portal = await startPortal({ PORTAL_CONFIG: configWithComfy(comfy.url) });
  browser = await launchBrowser();
});
afterAll(async () => {
  comfy?.release();
  await browser?.close();
  await portal?.stop();
  await comfy?.close();
});

describe('人像写真', () => {
  it('asks for consent, trains a photo set with progress, draws portraits and deletes the set', async () => {
    const { page } = await newPage(browser, portal.baseUrl);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/addbg/workbench');
    await submitProviderLogin(page, 'admin', 'admin123');
    await page.getByRole('button', { name: /打开人像写真/ }).click();
    const studio = page.locator('.ant-drawer-open .ant-drawer-body');
    await studio.getByText('还没有照片集').waitFor();

    // Consent first: the upload appears only after agreeing.
    expect(await studio.locator('input[type="file"]').count()).toBe(0);
    await studio.getByRole('button', { name: /上传照片/ }).click();
    const consent = await opened(page.getByRole('dialog', { name: '人脸照片使用说明' }));
    const agree = consent.getByRole('button', { name: '同意并上传' });
    expect(await agree.isDisabled()).toBe(true);
    await consent.getByText('我已阅读并同意以上说明').click();
    await agree.click();

    await studio.getByLabel('照片集名称').fill('张三的照片');
    await studio.locator('input[type="file"]').setInputFiles(await photoFiles());
    const create = studio.getByRole('button', { name: /创建照片集（3\/3\+）/ });
    await expect.poll(() => create.isEnabled(), { timeout: 60_000 }).toBe(true);
    await create.click();
    const set = studio.locator('[aria-label="照片集 张三的照片"]');
    await set.getByText('未训练', { exact: true }).waitFor();

    // Training: the engine holds it half-way, so the progress bar shows, then lets it finish.
    comfy.mode = 'hold';
    await set.getByRole('button', { name: /开始训练/ }).click();
    await set.getByRole('progressbar').waitFor({ timeout: 60_000 });
    await page.screenshot({ path: join(artifacts, 'portrait-training-desktop.png') });
    comfy.mode = 'ok';
    comfy.release();
    await set.getByText('可生成', { exact: true }).waitFor({ timeout: 120_000 });
    expect(comfy.uploads.length).toBe(3);
    expect(comfy.loras.length).toBe(1);

    await set.getByLabel('张数').fill('2');
    await set.getByRole('button', { name: /生成写真/ }).click();
    await set.locator('img[alt="人像写真 2"]').waitFor({ timeout: 120_000 });
    await page.screenshot({ path: join(artifacts, 'portrait-results-desktop.png') });

    // The studio on a phone: the drawer takes the screen, nothing wider than it.
    await page.setViewportSize(PHONE.viewport);
    await set.getByRole('button', { name: /生成写真/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The drawer eases to its new width after the resize.
    const drawerWidth = async () => (await studio.boundingBox())?.width ?? Infinity;
    await expect.poll(drawerWidth, { timeout: 10_000 }).toBeLessThanOrEqual(PHONE.viewport.width);
    await page.screenshot({ path: join(artifacts, 'portrait-studio-phone.png') });

    // Deleting the set takes its photos, model and portraits with it; the engine is asked to forget them.
    await set.getByRole('button', { name: /删除/ }).click();
    await (await opened(page.locator('.ant-popconfirm'))).getByRole('button', { name: /删\s*除/ }).click();
    await page.getByText('照片集及其照片、个人模型和写真已删除').waitFor({ timeout: 60_000 });
    await studio.getByText('还没有照片集').waitFor({ timeout: 60_000 });
    expect(comfy.deleted.length).toBeGreaterThan(0);
  });
});
