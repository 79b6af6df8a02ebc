/**
 * Signs in over plain HTTP through the built-in identity provider, the way a browser would:
 * authorize → provider login form → back to /login?code&state → POST /api/user/login.
 * Used by benchmarks that need a real token without driving a browser.
 */
import type { LoginResponse } from '@portal/contract';

class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export async function signInOverHttp(baseUrl: string, login: string, password: string): Promise<LoginResponse> {
  const jar = new CookieJar();
  const authorize = await fetch(`${baseUrl}/api/user/authorize?from=${encodeURIComponent('/home')}`);
  // The sign-in is bound to the browser that started it: its cookie goes back with the code.
  jar.store(authorize);
  let url: string = ((await authorize.json()) as { data: { url: string } }).data.url;
  let body: URLSearchParams | undefined;

  for (let hop = 0; hop < 20; hop++) {
    const target = new URL(url, baseUrl);
    if (target.pathname === '/login' && target.searchParams.has('code')) {
      const res = await fetch(`${baseUrl}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: jar.header() },
        body: JSON.stringify({ code: target.searchParams.get('code'), state: target.searchParams.get('state') }),
      });
      const envelope = (await res.json()) as { code: number; message: string; data: LoginResponse };
      if (envelope.code !== 0) throw new Error(`login failed: ${envelope.message}`);
      return envelope.data;
    }
    const res = await fetch(target, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    jar.store(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, target).toString();
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/i.exec(html)?.[1];
    if (!action || !html.includes('name="login"'))
      throw new Error(`unexpected provider page at ${target}: ${res.status}`);
    url = new URL(action.replaceAll('&amp;', '&'), target).toString();
    body = new URLSearchParams({ login, password });
  }
  throw new Error('too many redirects while signing in');
}
