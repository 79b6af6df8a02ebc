/**
 * What the browser benchmarks of a phone's first screen share: a signed-in user's stored tokens
 * and version, and a fresh 390 × 844 touch context that starts from them with an empty HTTP cache.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { submitProviderLogin } from '../e2e/browser';

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Signs staff in once and keeps what the app stored, so every cold run starts signed in. */
export async function signedInState(browser: Browser, baseUrl: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/home');
  await submitProviderLogin(page, 'staff', 'staff123');
  await page.waitForSelector('[data-testid="app-card"]', { timeout: 60_000 });
  // Let a first visit's version check settle so the stored version matches this build.
  await page.waitForTimeout(1000);
  await page.goto('/home');
  await page.waitForSelector('[data-testid="app-card"]', { timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** A new phone-sized touch context (empty HTTP cache) with the stored state and a page script. */
export async function phonePage(browser: Browser, baseUrl: string, state: StorageState, initScript: string) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'zh-CN',
    storageState: state,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.addInitScript({ content: initScript });
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp };
}
