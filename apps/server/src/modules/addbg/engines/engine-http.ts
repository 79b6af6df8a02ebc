import sharp from 'sharp';
import { sniffImageType } from '../../../services/image-proxy';
import type { RemoteEngineConfig } from '../config';

/** The error of an engine's call: the work fails and its usage is given back. */
export class EngineError extends Error {
  override readonly name = 'EngineError';
}

/** One call to an engine may take this long (a busy GPU queue included) before the work fails. */
export const ENGINE_CALL_TIMEOUT_MS = 300_000;

/** `path` under the engine's configured address (keeping a path prefix such as `/sd/`). */
export function engineUrl(engine: RemoteEngineConfig, path: string): URL {
  const base = engine.url.endsWith('/') ? engine.url : `${engine.url}/`;
  return new URL(path.replace(/^\//, ''), base);
}

/** The key of the config, if any, as a bearer token; nothing from a request ever goes here. */
export function engineHeaders(engine: RemoteEngineConfig, extra: Record<string, string> = {}): Record<string, string> {
  return { ...extra, ...(engine.api_key ? { authorization: `Bearer ${engine.api_key}` } : {}) };
}

/** The work's stop signal, bounded by the engine call timeout. */
export function callSignal(signal: AbortSignal | undefined, ms = ENGINE_CALL_TIMEOUT_MS): AbortSignal {
  return AbortSignal.any([AbortSignal.timeout(ms), ...(signal ? [signal] : [])]);
}

/** A fetch of the engine that fails the work on any answer other than 2xx. */
export async function engineFetch(name: string, url: URL, init: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new EngineError(`${name} answered ${res.status} to ${url.pathname}`);
  }
  return res;
}

/** Largest image an engine may answer (a 4096² PNG with alpha is about 50 MB at worst). */
const MAX_ENGINE_IMAGE_BYTES = 64_000_000;

/**
 * An engine's image checked by content, not by what it says it is: PNG, JPEG or WebP bytes that
 * decode, with a sane size. Anything else (HTML, JSON, SVG, a GIF, a truncated file) fails the work.
 */
export async function checkedImage(name: string, bytes: Buffer): Promise<Buffer> {
  if (bytes.length > MAX_ENGINE_IMAGE_BYTES) throw new EngineError(`${name} answered an image too large`);
  const type = sniffImageType(bytes);
  if (type !== 'image/png' && type !== 'image/jpeg' && type !== 'image/webp') {
    throw new EngineError(`${name} answered something that is not a PNG, JPEG or WebP image`);
  }
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height || meta.width > 8192 || meta.height > 8192) {
    throw new EngineError(`${name} answered an image that does not decode`);
  }
  return bytes;
}

/** Base64 of an image as engines answer it (with or without a `data:` prefix), checked by content. */
export function imageFromBase64(name: string, value: unknown): Promise<Buffer> {
  if (typeof value !== 'string' || value.length === 0) throw new EngineError(`${name} answered no image`);
  return checkedImage(name, Buffer.from(value.replace(/^data:[^,]*;base64,/, ''), 'base64'));
}

/** An image's bytes as a response body, bounded. */
export async function responseImage(name: string, res: Response): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_ENGINE_IMAGE_BYTES) {
    await res.body?.cancel().catch(() => undefined);
    throw new EngineError(`${name} answered an image too large`);
  }
  return checkedImage(name, Buffer.from(await res.arrayBuffer()));
}
