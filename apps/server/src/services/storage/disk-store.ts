import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type ObjectInfo, type ObjectStore } from './object-store';

const TEMP_DIR = '.tmp';

/**
 * Objects as files under one folder. A put writes to a fresh temporary file (exclusive create,
 * owner-only) and renames it into place only when every byte arrived, so readers never see a
 * partial object and a failed upload leaves nothing.
 */
export class DiskStore implements ObjectStore {
  readonly kind = 'disk' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file of a key, refused if it would leave the root. */
  pathOf(key: string): string {
    assertSafeKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error('object key escapes the storage folder');
    return path;
  }

  async put(key: string, body: Readable, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    const tempDir = join(this.root, TEMP_DIR);
    await mkdir(tempDir, { recursive: true, mode: 0o700 });
    const temp = join(tempDir, randomBytes(16).toString('hex'));
    try {
      await pipeline(body, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<{ body: Readable; size: number } | null> {
    const info = await this.head(key);
    if (!info) return null;
    return { body: createReadStream(this.pathOf(key)), size: info.size };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Temporary files a crashed process left behind; removed at start. */
  async sweepTemp(olderThanMs = 60 * 60 * 1000): Promise<void> {
    const dir = join(this.root, TEMP_DIR);
    const names = await readdir(dir).catch(() => [] as string[]);
    const cutoff = Date.now() - olderThanMs;
    for (const name of names) {
      const path = join(dir, name);
      const s = await stat(path).catch(() => undefined);
      if (s && s.mtimeMs < cutoff) await rm(path, { force: true });
    }
  }
}
