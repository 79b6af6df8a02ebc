import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPortalUrl } from './shared-portal';
import { FakeComfy } from '../apps/server/test/embedded/fake-tools';
import { launchBrowser, newContext, newPage, submitProviderLogin } from './browser';
import { startPortal, type RunningPortal } from './portal-server';

/**
 * ComfyUI inside the portal: /comfyui shows the (fake) tool in a frame through the proxy, a
 * prompt is queued from inside the frame and its progress arrives over the proxied WebSocket.
 * Without a tool configured the page says so, differently to administrators and staff.
 */

const artifacts = join(import.meta.dirname, 'artifacts');
const shots = process.env.EMBEDDED_SHOTS_DIR ?? artifacts;
const bareUrl = sharedPortalUrl();
let browser: Browser;
let comfy: FakeComfy;
let portal: RunningPortal;

const shoot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`) });

function configWithComfy(url: string): string {
  const config = JSON.parse(readFileSync(resolve(import.meta.dirname, '../portal.config.example.json'), 'utf8')) as {
    embedded?: Record<string, unknown>;
  };
  config.embedded = { ...config.embedded, comfyui: { url } };
  const file = join(tmpdir(), `portal-embedded-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(config));
  return file;
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  comfy = await new FakeComfy().start();
  comfy.autoRun = true;
  portal = await startPortal({ PORTAL_CONFIG: configWithComfy(comfy.url) });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await comfy?.close();
});

describe('ComfyUI inside the portal', () => {
  it('shows the tool in the frame, queues a prompt and sees its progress over the proxied WebSocket', async () => {
    const { page } = await newPage(browser, portal.baseUrl);
    await page.goto('/comfyui');
    await submitProviderLogin(page, 'staff', 'staff123');
    const frame = page.frameLocator('iframe.embedded-frame');
    await frame.getByRole('heading', { name: 'Fake ComfyUI' }).waitFor();
    await frame.getByText('connected', { exact: true }).waitFor();
    // The frame fills the module area.
    const box = await page.locator('iframe.embedded-frame').boundingBox();
    expect(box?.width).toBeGreaterThan(800);
    expect(box?.height).toBeGreaterThan(500);

    await frame.getByRole('button', { name: 'Queue Prompt' }).click();
    await frame.getByText('progress 3/3').waitFor();
    await frame.getByText(/^done out-.+\.png$/).waitFor();
    await shoot(page, 'embedded-comfyui-1280');
    // The tool saw the user's own client id and never the portal's tokens.
    const upgrade = comfy.seen.find((s) => s.method === 'UPGRADE');
    expect(upgrade?.url).toMatch(/clientId=p\d+-tab/);
    expect(comfy.seen.every((s) => !s.headers.cookie && !s.headers.authorization)).toBe(true);
    await page.context().close();
  });

  it('fits a phone', async () => {
    const context = await newContext(browser, {
      baseURL: portal.baseUrl,
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.goto('/comfyui');
    await submitProviderLogin(page, 'staff', 'staff123');
    await page.frameLocator('iframe.embedded-frame').getByText('connected', { exact: true }).waitFor();
    await shoot(page, 'embedded-comfyui-390');
    await context.close();
  });
});

describe('no tool configured', () => {
  it('tells administrators how to connect one and staff that it is not connected yet', async () => {
    for (const [login, password, text] of [
      ['admin', 'admin123', 'embedded.stablediffusion.url'],
      ['staff', 'staff123', '尚未接入'],
    ] as const) {
      for (const width of [1280, 390]) {
        const context = await newContext(browser, {
          baseURL: bareUrl,
          locale: 'zh-CN',
          viewport: { width, height: 844 },
        });
        const page = await context.newPage();
        await page.goto('/stablediffusion');
        await submitProviderLogin(page, login, password);
        await page.getByText(text).first().waitFor();
        await expect(page.locator('iframe').count()).resolves.toBe(0);
        await shoot(page, `embedded-not-connected-${login}-${width}`);
        await context.close();
      }
    }
  });
});
