import { ErrorMessage } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPortalUrl } from './shared-portal';
import { launchBrowser, newPage, submitProviderLogin } from './browser';

/**
 * Login CSRF: a complete /login?code=…&state=… produced in one browser (the attacker's) and opened
 * in another (the victim's, already signed in) is refused there, and the victim's session stays.
 */

const baseUrl = sharedPortalUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Stored {
  refresh_token: { token: string };
  account_info: { email: string };
}

const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null') as Stored | null);

describe('a sign-in is bound to the browser that started it', () => {
  it("refuses the attacker's code + state in the victim's browser and keeps the victim signed in", async () => {
    // The attacker signs in with their own account but keeps the pair instead of redeeming it.
    const attacker = await newPage(browser, baseUrl);
    await attacker.page.route('**/api/user/login', (route) => route.abort());
    await attacker.page.goto('/home');
    await submitProviderLogin(attacker.page, 'admin', 'admin123');
    await attacker.page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('code'));
    const link = new URL(attacker.page.url());
    await attacker.context.close();

    // The victim is signed in as staff in their own browser.
    const victim = await newPage(browser, baseUrl);
    await victim.page.goto('/home');
    await submitProviderLogin(victim.page, 'staff', 'staff123');
    await victim.page.waitForSelector('[data-testid="app-card"]');
    const before = await stored(victim.page);
    expect(before?.account_info.email).toBe('staff@example.com');

    // The victim opens the attacker's link.
    await victim.page.goto(link.pathname + link.search);
    await victim.page.getByText(ErrorMessage.loginOtherBrowser).waitFor();
    const after = await stored(victim.page);
    expect(after?.refresh_token.token).toBe(before?.refresh_token.token);
    expect(after?.account_info.email).toBe('staff@example.com');

    // Still the victim's own session: back home with the staff catalogue.
    await victim.page.getByTestId('login-back-home').click();
    await victim.page.waitForURL('**/home');
    await victim.page.waitForSelector('[data-testid="app-card"]');
    const refused = victim.page.locator('[data-testid="app-card"][data-app-key="deepseek"]').first();
    await expect(refused.getAttribute('data-authorized')).resolves.toBe('false');
    await victim.context.close();
  });

  it('still signs in a browser that started its own sign-in', async () => {
    const { page, context } = await newPage(browser, baseUrl);
    await page.goto('/home');
    await submitProviderLogin(page, 'staff', 'staff123');
    await page.waitForSelector('[data-testid="app-card"]');
    expect((await stored(page))?.account_info.email).toBe('staff@example.com');
    await context.close();
  });
});
