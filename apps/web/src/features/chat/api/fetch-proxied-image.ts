import { api } from '../../../lib/api';

/**
 * The image proxy answers signed-in users only, and an <img> cannot send the Authorization
 * header; so the bytes are fetched here and the image shows them through an object URL.
 */
export async function fetchProxiedImage(proxyPath: string): Promise<Blob> {
  const res = await fetch(api.url(proxyPath), { headers: api.headers(), referrerPolicy: 'no-referrer' });
  if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/')) {
    throw new Error(`image proxy answered ${res.status}`);
  }
  return res.blob();
}
