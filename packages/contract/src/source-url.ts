/** Spec section 5: trailing slashes are stripped from source links before citation matching. */
export function normalizeSourceUrl(url: string): string {
  return url.trim().replace(/\/+$/, '');
}
