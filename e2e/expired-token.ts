import { SignJWT } from 'jose';
import type { Page } from 'playwright-core';

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
