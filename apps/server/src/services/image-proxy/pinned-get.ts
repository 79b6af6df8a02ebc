import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './address-policy';

/** A DNS lookup that answers only the address already checked: no second resolution to rebind. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as unknown as LookupFunction;
}

/**
 * One GET of a URL whose host was resolved and checked to `target`, on a socket pinned to that
 * address. Resolves with the response head; the caller reads, bounds and closes the body.
 */
export function pinnedGet(
  url: URL,
  target: ResolvedAddress,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: 'GET',
      headers,
      lookup: pinnedLookup(target),
      // A pooled socket could belong to an earlier, differently resolved hop.
      agent: false,
      signal,
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}
