import type { IncomingMessage } from 'node:http';
import type { AppError } from '../errors/app-error';
import { nulError } from '../lib/validate';

/** The provider's own ceiling for a request body; a larger one is refused there as well. */
const BODY_LIMIT = 56 * 1024;

/** The first parameter of a form or query string that holds U+0000, as a 400 naming it. */
function nulInParams(params: URLSearchParams): AppError | undefined {
  for (const [name, value] of params) {
    const error = nulError({ [name]: value });
    if (error) return error;
  }
  return undefined;
}

/** A NUL in the decoded path or query string of a request to the provider. */
export function nulInUrl(url: string): AppError | undefined {
  const { pathname, searchParams } = new URL(url, 'http://provider.invalid');
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is the provider's to refuse; it decodes nothing to NUL.
  }
  return nulError(path, ['path']) ?? nulInParams(searchParams);
}

type BodyRequest = IncomingMessage & { body?: Buffer };

/**
 * Reads a form or JSON body before the provider does, so a NUL in it is refused here; the provider
 * then takes the read body from `req.body` (its documented path for bodies parsed upstream; it
 * notes that once in the log). Other bodies are left to the provider, which refuses them.
 * Returns the refusal, if any.
 */
export async function nulInBody(req: BodyRequest): Promise<AppError | 'too-large' | undefined> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (req.method !== 'POST' || (type !== 'application/x-www-form-urlencoded' && type !== 'application/json')) {
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // Not destroyed on an early return: the socket must stay open for the refusal.
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) return 'too-large';
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks, size);
  req.body = body;
  const text = body.toString('utf8');
  if (type === 'application/x-www-form-urlencoded') return nulInParams(new URLSearchParams(text));
  try {
    return nulError(JSON.parse(text) as unknown);
  } catch {
    return undefined; // not JSON: the provider answers invalid_request
  }
}
