import { isAbsolute, resolve } from 'node:path';
import type { Db } from '../../db/client';
import type { StorageConfig } from '../storage/config';
import { DiskStore } from '../storage/disk-store';
import { FileService } from './file-service';
import type { UploadRules } from './rules';
import { StorageQuota } from './storage-quota';

export { FileService, toStoredFile } from './file-service';
export type { UploadRules } from './rules';
export { StorageQuota, storageFullError, type StorageRoom } from './storage-quota';

/** The configured store (a folder under DATA_DIR, or S3-compatible) and the file service on top. */
export async function createFileServices(db: Db, config: StorageConfig, dataDir: string) {
  let service: FileService;
  const quota = new StorageQuota(db, config.quota_mb_per_user > 0 ? config.quota_mb_per_user * 1_000_000 : null);
  if (config.kind === 's3' && config.s3) {
    // The S3 client (the AWS SDK) loads only where it is configured: it is a large share of start-up.
    const { S3Store } = await import('../storage/s3-store');
    const store = new S3Store(config.s3);
    service = new FileService(db, store, config.s3.key_prefix, config.s3.direct_upload ? store : undefined, quota);
  } else {
    const store = new DiskStore(isAbsolute(config.dir) ? config.dir : resolve(dataDir, config.dir));
    await store.sweepTemp();
    service = new FileService(db, store, '', undefined, quota);
  }
  /** Limits of the common upload: images, section 5. */
  const commonRules: UploadRules = {
    kinds: ['image'],
    maxBytes: config.max_image_bytes,
    maxWidth: config.max_image_width,
    maxHeight: config.max_image_height,
  };
  return { service, commonRules, rateLimitPerMinute: config.rate_limit_per_minute };
}
