import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { AppError } from '../../errors/app-error';
import { inspectHead, tooLargeError, type Inspected } from './inspect';
import { HEAD_BYTES, type UploadRules } from './rules';
import { storageFullError, type StorageRoom } from './storage-quota';

/**
 * Sits between the incoming bytes and storage: counts them (failing with 413 on the first byte past
 * the file limit or past what the user's storage quota leaves), hashes them, and holds back the
 * first HEAD_BYTES until the content has been inspected, so a refused file never reaches storage.
 * Memory is bounded by HEAD_BYTES whatever the file size.
 */
export class UploadGuard extends Transform {
  /** Not `size`: upload libraries read a body's `size` as its total length. */
  received = 0;
  inspected: Inspected | undefined;
  /** Why the guard stopped the upload, kept so a storage error raised by the abort cannot mask it. */
  refusal: AppError | undefined;
  private readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(
    private readonly rules: UploadRules,
    private readonly displayName: string,
    /** The uploader's storage when the upload started; the quota itself is claimed at commit. */
    private readonly room: StorageRoom,
  ) {
    super();
  }

  get sha256(): string {
    return this.hash.copy().digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.rules.maxBytes) {
      this.refusal = tooLargeError(this.rules, this.inspected?.kind);
      callback(this.refusal);
      return;
    }
    if (this.received > this.room.remainingBytes) {
      this.refusal = storageFullError(this.room);
      callback(this.refusal);
      return;
    }
    this.hash.update(chunk);
    if (this.inspected) {
      callback(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < HEAD_BYTES) {
      callback();
      return;
    }
    this.release(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.inspected) {
      callback();
      return;
    }
    this.release(callback);
  }

  private release(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    inspectHead(head, this.displayName, this.rules).then(
      (inspected) => {
        this.inspected = inspected;
        callback(null, head);
      },
      (error: AppError) => {
        this.refusal = error;
        callback(error);
      },
    );
  }
}
