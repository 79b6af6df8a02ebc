import type { Readable } from 'node:stream';

/** Metadata of a stored object. */
export interface ObjectInfo {
  size: number;
}

/**
 * Where uploaded bytes live. Implementations guarantee that a `put` whose body stream fails leaves
 * nothing behind under the key (no partial object, no temporary file).
 */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The object's bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

/** Object keys are made by the server only; this refuses anything else before it reaches a path. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (
    key.length === 0 ||
    key.length > 512 ||
    !/^[A-Za-z0-9_./-]+$/.test(key) ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw new Error(`unsafe object key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}
