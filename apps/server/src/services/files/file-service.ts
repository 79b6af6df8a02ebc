import { pipeline as pipelineCallback, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ErrorCode,
  ErrorMessage,
  sanitizeFileName,
  type ImageMimeType,
  type StoredFile,
  type UploadConfigResponse,
} from '@portal/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files, type FileRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { newId } from '../../lib/ids';
import type { ObjectStore } from '../storage/object-store';
import type { S3Store } from '../storage/s3-store';
import { tooLargeError } from './inspect';
import type { UploadRules } from './rules';
import { storageFullError, type StorageQuota, type StorageRoom } from './storage-quota';
import { UploadGuard } from './upload-guard';

export interface SaveUploadInput {
  ownerId: number;
  module: string | null;
  rawName: string;
  body: Readable;
  rules: UploadRules;
  /** The uploader's storage, read before the body was (see `StorageQuota`). */
  room: StorageRoom;
}

const notFound = () => new AppError(ErrorCode.notFound, ErrorMessage.notFound);

/** The API view of a row; `url` is the signed-in download under the owning prefix. */
export function toStoredFile(row: FileRow): StoredFile {
  const base = row.module ? `/api/${row.module}/file/download` : '/api/file/download';
  return {
    file_id: row.id,
    name: row.displayName,
    mime: row.mime,
    size: row.size,
    width: row.width,
    height: row.height,
    sha256: row.sha256,
    module: row.module,
    url: `${base}?file_id=${row.id}`,
    create_time: row.createdAt.getTime(),
  };
}

/**
 * Uploads, direct-upload registration, lookups and deletion. Every lookup is by owner: another
 * user's id is indistinguishable from an id that does not exist.
 */
export class FileService {
  constructor(
    private readonly db: Db,
    readonly store: ObjectStore,
    private readonly keyPrefix: string,
    /** Set when browsers may upload straight to an S3-compatible store. */
    private readonly direct: S3Store | undefined,
    readonly quota: StorageQuota,
  ) {}

  private keyFor(id: string): string {
    return `${this.keyPrefix}files/${id.slice(0, 2)}/${id}`;
  }

  private incomingPrefix(ownerId: number): string {
    return `${this.keyPrefix}incoming/${ownerId}/`;
  }

  /** Streams one upload through the checks into storage, then records it; on any failure nothing remains. */
  async saveUpload(input: SaveUploadInput): Promise<FileRow> {
    const id = newId();
    const key = this.keyFor(id);
    const displayName = sanitizeFileName(input.rawName);
    const guard = new UploadGuard(input.rules, displayName, input.room);
    // pipeline ties both ends: a source error (client gone, bad multipart) destroys the guard, which
    // fails the storage write; a refusal by the guard stops the source. Its own result is not needed.
    const guarded = pipelineCallback(input.body, guard, () => undefined);
    // The type is known only after the head is inspected; downloads take it from the row, and a
    // neutral type keeps the raw object harmless if the bucket is ever browsed directly.
    try {
      await this.store.put(key, guarded, 'application/octet-stream');
    } catch (error) {
      throw guard.refusal ?? error;
    }
    const inspected = guard.inspected;
    if (!inspected) {
      await this.store.delete(key);
      throw new AppError(ErrorCode.internal, ErrorMessage.internal);
    }
    return this.record({
      id,
      key,
      ownerId: input.ownerId,
      module: input.module,
      displayName,
      size: guard.received,
      sha256: guard.sha256,
      ...inspected,
    });
  }

  /**
   * Adds the row of a stored object, or deletes the object. The quota is counted in the same
   * transaction, after the per-user lock, so concurrent uploads of one user take turns here.
   */
  private async record(row: {
    id: string;
    key: string;
    ownerId: number;
    module: string | null;
    displayName: string;
    size: number;
    sha256: string;
    mime: string;
    width: number | null;
    height: number | null;
  }): Promise<FileRow> {
    try {
      return await this.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        await this.quota.claim(db, row.ownerId, row.size);
        const [inserted] = await db
          .insert(files)
          .values({
            id: row.id,
            ownerId: row.ownerId,
            module: row.module,
            storageKey: row.key,
            displayName: row.displayName,
            mime: row.mime,
            size: row.size,
            width: row.width,
            height: row.height,
            sha256: row.sha256,
          })
          .returning();
        if (!inserted) throw new Error('insert returned no row');
        return inserted;
      });
    } catch (error) {
      await this.store.delete(row.key).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The browser's upload configuration for the common upload (`GET /api/file/uploadTencentConfig`).
   * A user whose quota is used up, or whose file (`size`, when the browser says) would not fit, is
   * refused here, before any byte is sent.
   */
  async uploadConfig(
    ownerId: number,
    rules: UploadRules,
    contentType: ImageMimeType | undefined,
    size?: number,
  ): Promise<UploadConfigResponse> {
    const room = await this.quota.room(ownerId);
    if (room.remainingBytes < Math.max(1, size ?? 0)) throw storageFullError(room);
    const limits = {
      max_bytes: rules.maxBytes,
      max_width: rules.maxWidth ?? null,
      max_height: rules.maxHeight ?? null,
      kinds: [...rules.kinds],
    };
    if (!this.direct) return { mode: 'server', upload_url: '/api/file/upload', ...limits };
    const key = `${this.incomingPrefix(ownerId)}${newId()}`;
    const post = await this.direct.presignPost({
      key,
      contentType,
      maxBytes: Math.min(rules.maxBytes, room.remainingBytes),
    });
    return {
      mode: 'direct',
      url: post.url,
      fields: post.fields,
      key,
      content_type: contentType ?? '',
      expire_at: post.expireAt,
      confirm_url: '/api/file/confirm',
      ...limits,
    };
  }

  /**
   * Registers an object the browser uploaded with a presigned POST: it must sit under the user's own
   * prefix, be within the size limit and the user's storage quota and pass the same content checks;
   * it is then moved to its final key. A refused object is deleted.
   */
  async confirmDirect(ownerId: number, key: string, rawName: string, rules: UploadRules): Promise<FileRow> {
    const direct = this.direct;
    const prefix = this.incomingPrefix(ownerId);
    if (!direct || !key.startsWith(prefix) || !/^[0-9a-f]{32}$/.test(key.slice(prefix.length))) throw notFound();
    const head = await direct.head(key);
    if (!head) throw notFound();
    const displayName = sanitizeFileName(rawName);
    try {
      if (head.size > rules.maxBytes) throw tooLargeError(rules, undefined);
      const room = await this.quota.room(ownerId);
      if (head.size > room.remainingBytes) throw storageFullError(room);
      const object = await direct.get(key);
      if (!object) throw notFound();
      const guard = new UploadGuard(rules, displayName, room);
      const discard = new Writable({ write: (_chunk, _enc, done) => done() });
      await pipeline(object.body, guard, discard);
      if (!guard.inspected) throw new AppError(ErrorCode.internal, ErrorMessage.internal);
      const id = newId();
      const finalKey = this.keyFor(id);
      await direct.copy(key, finalKey, guard.inspected.mime);
      await direct.delete(key);
      return await this.record({
        id,
        key: finalKey,
        ownerId,
        module: null,
        displayName,
        size: guard.received,
        sha256: guard.sha256,
        ...guard.inspected,
      });
    } catch (error) {
      await direct.delete(key).catch(() => undefined);
      throw error;
    }
  }

  /** The owner's file; `module` must match where it was uploaded (null: common uploads). */
  async find(ownerId: number, id: string, module: string | null): Promise<FileRow> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(
        and(
          eq(files.id, id),
          eq(files.ownerId, ownerId),
          module === null ? isNull(files.module) : eq(files.module, module),
        ),
      )
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /**
   * A file of a module whose files are shown to everyone who knows the id (app icons), whoever
   * uploaded it; never a file of any other module.
   */
  async openShared(id: string, module: string): Promise<{ row: FileRow; body: Readable }> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.module, module)))
      .limit(1);
    if (!row) throw notFound();
    const object = await this.store.get(row.storageKey);
    if (!object) throw notFound();
    return { row, body: object.body };
  }

  async open(ownerId: number, id: string, module: string | null): Promise<{ row: FileRow; body: Readable }> {
    const row = await this.find(ownerId, id, module);
    const object = await this.store.get(row.storageKey);
    if (!object) throw notFound();
    return { row, body: object.body };
  }

  /** Deletes the object first, so a failure leaves a row that can be deleted again rather than an orphan. */
  async delete(ownerId: number, id: string, module: string | null): Promise<void> {
    const row = await this.find(ownerId, id, module);
    await this.store.delete(row.storageKey);
    await this.db.delete(files).where(and(eq(files.id, row.id), eq(files.ownerId, ownerId)));
  }
}
