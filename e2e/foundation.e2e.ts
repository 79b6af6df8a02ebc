import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPortalUrl } from './shared-portal';
import { launchBrowser, newPage, submitProviderLogin } from './browser';

/** Sign-in, catalogue, per-app rights and sign-out as a staff member would go through them. */

const baseUrl = sharedPortalUrl();
let browser: Browser;
let page: Page;
const visited: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser, baseUrl));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
});
afterAll(async () => {
  await browser?.close();
});

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

describe('foundation in the browser', () => {
  it('sends a signed-out deep link through /login?from= and back to it after sign-in', async () => {
    await page.goto('/chatgpt/session?id=abc');
    await submitProviderLogin(page, 'staff', 'staff123');
    // The first visit may reload once with a __version__ query (the version check), so match loosely.
    await page.waitForURL((url) => url.pathname === '/chatgpt/session' && url.searchParams.get('id') === 'abc');
    expect(visited.map(pathOf)).toContain(`/login?from=${encodeURIComponent('/chatgpt/session?id=abc')}`);
  });

  it('shows the catalogue grouped by type tags with rights marked', async () => {
    await page.goto('/home');
    await page.waitForSelector('[data-testid="app-card"]');
    const groups = await page.locator('[data-testid="app-group-title"]').allInnerTexts();
    expect(groups.join(' ')).toContain('通用工具');
    // An app with several type tags stands in each of its groups.
    const refused = page.locator('[data-testid="app-card"][data-app-key="deepseek"]').first();
    await expect(refused.getAttribute('data-authorized')).resolves.toBe('false');
    const allowed = page.locator('[data-testid="app-card"][data-app-key="chatgpt"]').first();
    await expect(allowed.getAttribute('data-authorized')).resolves.toBe('true');
  });

  it('opens an allowed internal app in place', async () => {
    await page.locator('[data-testid="app-card"][data-app-key="chatgpt"]').first().click();
    await page.waitForURL('**/chatgpt/welcome');
  });

  it('sends a refused app to /landing with appKey and from', async () => {
    await page.goto('/home');
    await page.locator('[data-testid="app-card"][data-app-key="deepseek"]').first().click();
    await page.waitForURL('**/landing?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('appKey')).toBe('deepseek');
    expect(url.searchParams.get('from')).toBeTruthy();
  });

  it('refuses a deep link to a forbidden module through the guard', async () => {
    await page.goto('/addbg/workbench');
    await page.waitForURL('**/landing?**');
    expect(new URL(page.url()).searchParams.get('appKey')).toBe('addbg');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/addbg/workbench');
  });

  it('stays signed in across a reload', async () => {
    await page.goto('/home');
    await page.waitForSelector('[data-testid="app-card"]');
    await page.reload();
    await page.waitForSelector('[data-testid="app-card"]');
    expect(new URL(page.url()).pathname).toBe('/home');
  });

  it('logs out and lands on the sign-in with a from query', async () => {
    visited.length = 0;
    await page.click('[data-testid="user-menu"]');
    await page.click('text=退出登录');
    await page.waitForSelector('input[name="login"]');
    expect(visited.map(pathOf).some((p) => p.startsWith('/login?from='))).toBe(true);
    const stored = await page.evaluate(() => localStorage.getItem('userInfo'));
    expect(stored).toBeNull();
  });
});
