/** A request target as the tool will route it: the path decoded once, and the query as it came. */
export interface ToolTarget {
  /**
   * The path with every escape decoded but `%2F`, `%3F` and `%23` (kept, upper case): what the
   * tool's router (aiohttp matches on the same form) acts on, and still a valid path to send on.
   */
  path: string;
  /** The raw query without its `?`; empty if there was none. */
  query: string;
}

/** Escapes kept encoded: decoded they would end a segment or the path. */
const KEPT = /(%2F|%3F|%23)/i;
/** Letters, digits and `-._~`: never need encoding, so an escape of one only spells a path differently. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * Reads a tool's request target once, before any router or the tool decodes it, so that every
 * part of the portal decides on the path the tool will act on; undefined means refused. Refused:
 * a fragment (browsers never send one; routers disagree on where the path ends), malformed or
 * double encoding (`%25`), escapes of characters that need none (`%71ueue` is `/queue` to every
 * router), backslashes and control characters in any encoding, and dot segments in any encoding.
 * Nothing is collapsed or repaired: an odd spelling is refused, not rewritten.
 */
export function readToolTarget(rawUrl: string): ToolTarget | undefined {
  if (rawUrl.includes('#')) return undefined;
  const cut = rawUrl.indexOf('?');
  const raw = cut === -1 ? rawUrl : rawUrl.slice(0, cut);
  const query = cut === -1 ? '' : rawUrl.slice(cut + 1);
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\\\x00-\x1f\x7f]/.test(raw)) return undefined;
  // The common case (every asset of a tool's page): nothing to decode, only dot segments to refuse.
  if (!raw.includes('%')) return hasDotSegment(raw) ? undefined : { path: raw, query };
  if (/%(?![0-9A-Fa-f]{2})/.test(raw)) return undefined;
  for (const [, hex] of raw.matchAll(/%([0-9A-Fa-f]{2})/g)) {
    const code = parseInt(hex!, 16);
    const char = String.fromCharCode(code);
    if (code < 0x20 || code === 0x7f || char === '%' || char === '\\' || UNRESERVED.test(char)) return undefined;
  }
  let path: string;
  let fullyDecoded: string;
  try {
    path = raw
      .split(KEPT)
      .map((part, i) => (i % 2 === 1 ? part.toUpperCase() : decodeURIComponent(part)))
      .join('');
    fullyDecoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  // A tool (or a proxy before it) that decodes `%2F` too must not find dot segments either.
  if (hasDotSegment(fullyDecoded)) return undefined;
  return { path, query };
}

/** Whether a path holds a `.` or `..` segment (ended by `/`, `?` or `#` once decoded). */
function hasDotSegment(path: string): boolean {
  if (!path.includes('.')) return false;
  return path.split(/[/?#]/).some((segment) => segment === '.' || segment === '..');
}

/** Whether a request target is refused by {@link readToolTarget}. */
export function unsafeToolPath(rawUrl: string): boolean {
  return readToolTarget(rawUrl) === undefined;
}
