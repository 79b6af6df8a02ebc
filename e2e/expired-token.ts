import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startPortal, type RunningPortal } from './portal-server';

/** An access token for the same user and rights version that expired a minute ago, signed with the portal's secret. */
export async function expiredCopy(token: string, jwtSecret: string): Promise<string> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    sub: string;
    rv: number;
  };
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ rv: payload.rv })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(payload.sub)
    .setIssuedAt(now - 120)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(jwtSecret));
}

/** Replaces the page's stored access token with an expired copy, as if it had sat for 15 minutes. */
export async function expireStoredToken(page: Page, jwtSecret: string): Promise<void> {
  const access = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { access_token: { token: string } }).access_token.token,
  );
  const expired = await expiredCopy(access, jwtSecret);
  await page.evaluate((token) => {
    const info = JSON.parse(localStorage.getItem('userInfo') ?? '{}') as { access_token: { token: string } };
    info.access_token.token = token;
    localStorage.setItem('userInfo', JSON.stringify(info));
  }, expired);
}

export interface KnownSecretPortal {
  readonly jwtSecret: string;
  readonly portal: RunningPortal;
  readonly browser: Browser;
}

/**
 * A portal of this test file's own, started with a JWT secret the test knows so that it can
 * expire tokens, and a browser; both stopped after the file.
 */
export function portalWithKnownSecret(): KnownSecretPortal {
  const jwtSecret = randomBytes(32).toString('hex');
  let portal: RunningPortal | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    portal = await startPortal({ JWT_SECRET: jwtSecret });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the portal starts in beforeAll');
    return value;
  };
  return {
    jwtSecret,
    get portal() {
      return started(portal);
    },
    get browser() {
      return started(browser);
    },
  };
}
