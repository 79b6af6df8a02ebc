/**
 * The API address of a path: the runtime config's `apiDomain` joined with it; absolute addresses
 * pass through. Its own module so the early-request script (`src/boot/first-requests.ts`) builds
 * the very addresses the HTTP client does without bundling the client.
 */
export function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
