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

/** Used as react-markdown's urlTransform: unsafe URLs are dropped, the component decides. */
export function urlTransform(url: string, key: string): string | null {
  return key === 'src' ? safeImageUrl(url) : safeLinkUrl(url);
}
