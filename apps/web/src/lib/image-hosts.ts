import { isAllowedImageHost } from '@portal/contract';
import { getRuntimeConfig } from './runtime-config';

/** `URL.parse`, which older browsers lack. */
export function parseUrl(url: string, base?: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

/**
 * Whether an image from another address may load: from our own origin or an allowed host
 * (`imageHosts` of `/app-config.json`; the CSP's img-src lists the same). An answer's image
 * addresses are chosen by whoever wrote a page or document the model read, and any other host
 * would receive the address, with whatever chat text was put into it, as soon as the image loads,
 * directly or through the image proxy.
 */
export function mayLoadImage(url: string, allowedHosts: readonly string[] = getRuntimeConfig().imageHosts): boolean {
  // Relative to the page, as the browser resolves an <img>'s address (`//host/…` is another host).
  const parsed = parseUrl(url, window.location.href);
  return !!parsed && (parsed.origin === window.location.origin || isAllowedImageHost(parsed.hostname, allowedHosts));
}
