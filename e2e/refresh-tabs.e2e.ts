import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, submitProviderLogin } from './browser';
import { expireStoredToken, portalWithKnownSecret } from './expired-token';

/**
 * Two tabs of one session whose access token expired refresh at the same moment: one refresh
 * reaches the server, the other tab uses its result, and both stay signed in.
 */

const started = portalWithKnownSecret();

describe('tabs refreshing together', () => {
  let context: BrowserContext;
  let first: Page;
  let second: Page;

  it('both tabs stay signed in and only one refresh is sent', async () => {
    ({ context, page: first } = await newPage(started.browser, started.portal.baseUrl));
    await first.goto('/home');
    await submitProviderLogin(first, 'staff', 'staff123');
    await first.waitForSelector('[data-testid="app-card"]');
    second = await context.newPage();
    await second.goto('/home');
    await second.waitForSelector('[data-testid="app-card"]');

    // Expire the shared access token, and hold every refresh answer back a moment so that both
    // tabs are refreshing at once.
    await expireStoredToken(first, started.jwtSecret);
    let refreshes = 0;
    await context.route('**/api/user/refreshToken', async (route) => {
      refreshes += 1;
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });

    await Promise.all([first.reload(), second.reload()]);
    for (const page of [first, second]) await page.waitForSelector('[data-testid="app-card"]');
    // Both tabs have asked the server (/api/user/info at start) and settled.
    await first.waitForTimeout(3000);

    expect(refreshes).toBe(1);
    for (const page of [first, second]) {
      expect(await page.getByText('登录已失效，请重新登录').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/home');
      const stored = await page.evaluate(() => localStorage.getItem('userInfo'));
      expect(stored).not.toBeNull();
    }
    // The tokens in storage work for both tabs after the race.
    const status = await second.evaluate(async () => {
      const info = JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { access_token: { token: string } };
      const res = await fetch('/api/user/info', { headers: { authorization: `Bearer ${info.access_token.token}` } });
      return ((await res.json()) as { code: number }).code;
    });
    expect(status).toBe(0);
    await context.close();
  });
});
