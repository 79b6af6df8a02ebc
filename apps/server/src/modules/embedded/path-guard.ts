/**
 * Refuses request targets that could reach outside the tool's own paths once decoded by the
 * proxy or by the tool: dot segments in any encoding (`..`, `%2e%2e`, `%252e`), backslashes,
 * NUL, and double encoding in general. Judged on the raw target, before any router decodes it.
 */
export function unsafeToolPath(rawUrl: string): boolean {
  const path = rawUrl.split('?', 1)[0] ?? '';
  if (/%25/i.test(path)) return true;
  if (/\\|%5c|%00|\0/i.test(path)) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  if (/\\|\0/.test(decoded)) return true;
  return decoded.split('/').some((segment) => segment === '..' || segment === '.');
}
