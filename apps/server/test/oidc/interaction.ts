import { authorizeUrl, type TestApp } from '../helper';

export interface Interaction {
  /** Where the sign-in form posts. */
  action: string;
  /** The provider's cookies of the browser that opened it. */
  cookie: string;
}

/** Starts a sign-in at the built-in provider as a browser would, up to its sign-in form. */
export async function openInteraction(t: TestApp): Promise<Interaction> {
  const res = await fetch(await authorizeUrl(t), { redirect: 'manual' });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const location = new URL(res.headers.get('location') ?? '', t.baseUrl);
  return { action: `${location.origin}${location.pathname}/login`, cookie };
}

/** Posts the sign-in form of `interaction` (a raw form body, or a login and password). */
export function postLogin(interaction: Interaction, body: string | { login: string; password: string }) {
  return fetch(interaction.action, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: interaction.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: typeof body === 'string' ? body : new URLSearchParams(body).toString(),
  });
}
