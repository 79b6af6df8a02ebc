import { isAllowedImageHost } from '@portal/contract';
import { getRuntimeConfig } from '../../lib/runtime-config';

const ALLOWED_LINK = /^(?:https?:\/\/|mailto:)/i;
const ALLOWED_IMAGE = /^https?:\/\//i;

/** Only absolute http(s) and mailto links survive; anything else renders as plain text. */
export function safeLinkUrl(url: string | null | undefined): string | null {
  const trimmed = (url ?? '').trim();
  return ALLOWED_LINK.test(trimmed) ? trimmed : null;
}

export function safeImageUrl(url: string | null | undefined): string | null {
  const trimmed = (url ?? '').trim();
  return ALLOWED_IMAGE.test(trimmed) ? trimmed : null;
}

/** `URL.parse`, which older browsers lack. */
export function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Whether an answer's image may load: from our own origin or an allowed host (the CSP's img-src
 * lists the same). Whoever wrote a page or document the model read chooses an answer's image
 * addresses, and any other host would receive the address, with whatever chat text was put into
 * it, as soon as the image loads, directly or through the image proxy.
 */
export function mayLoadImage(url: string, allowedHosts: readonly string[] = getRuntimeConfig().imageHosts): boolean {
  const parsed = parseUrl(url);
  return !!parsed && (parsed.origin === window.location.origin || isAllowedImageHost(parsed.hostname, allowedHosts));
}

/** Used as react-markdown's urlTransform: unsafe URLs are dropped, the component decides. */
export function urlTransform(url: string, key: string): string | null {
  return key === 'src' ? safeImageUrl(url) : safeLinkUrl(url);
}
