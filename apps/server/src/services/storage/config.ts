import { z } from 'zod';

const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, '应为环境变量名');

/** Any S3-compatible store: AWS S3, MinIO, Tencent COS, Alibaba OSS. Keys come from the environment. */
export const s3StorageConfigSchema = z
  .object({
    /** e.g. https://cos.ap-shanghai.myqcloud.com, http://minio:9000; empty for AWS. */
    endpoint: z.string().url().optional(),
    /** The origin browsers use for direct uploads when it differs from `endpoint` (e.g. a public host). */
    public_endpoint: z.string().url().optional(),
    region: z.string().min(1).default('us-east-1'),
    bucket: z.string().min(1),
    access_key_id_env: envName.default('S3_ACCESS_KEY_ID'),
    secret_access_key_env: envName.default('S3_SECRET_ACCESS_KEY'),
    /** MinIO and most self-hosted stores need path-style addresses (endpoint/bucket/key). */
    force_path_style: z.boolean().default(false),
    /** Every object key starts with this, so several portals can share one bucket. */
    key_prefix: z
      .string()
      .regex(/^([A-Za-z0-9_-]+\/)*$/, '只能由字母、数字、-、_ 组成，并以 / 结尾')
      .default('portal/'),
    /** Let browsers upload straight to the store with a presigned POST (the bucket needs CORS). */
    direct_upload: z.boolean().default(true),
    /** Lifetime of a presigned POST. */
    presign_ttl_seconds: z.number().int().min(10).max(3600).default(300),
  })
  .strict();
export type S3StorageConfig = z.infer<typeof s3StorageConfigSchema>;

/** The `storage` section: where uploads are kept and the limits every upload route starts from. */
export const storageConfigSchema = z
  .object({
    /** `disk`: a folder under DATA_DIR; `s3`: the store described in `s3`. */
    kind: z.enum(['disk', 's3']).default('disk'),
    /** Disk storage folder; relative paths are taken from DATA_DIR. */
    dir: z.string().min(1).default('files'),
    s3: s3StorageConfigSchema.optional(),
    /** Image limits of section 5 for the common upload (modules may pass their own). */
    max_image_bytes: z.number().int().positive().max(2_000_000_000).default(10_000_000),
    max_image_width: z.number().int().positive().optional(),
    max_image_height: z.number().int().positive().optional(),
    /** Uploads per user per minute, per upload route. */
    rate_limit_per_minute: z.number().int().min(1).default(60),
    /**
     * Bytes each user may keep stored over all upload routes, in MB of 1,000,000 bytes like every
     * size the portal shows; 0: no quota.
     */
    quota_mb_per_user: z.number().int().min(0).max(1_000_000_000).default(1000),
  })
  .strict()
  .refine((v) => v.kind !== 's3' || v.s3 !== undefined, { message: 'kind 为 s3 时需要 s3 配置', path: ['s3'] });
export type StorageConfig = z.infer<typeof storageConfigSchema>;

/** Origins browsers send presigned POSTs to, for the page's connect-src. */
export function directUploadOrigins(config: StorageConfig): string[] {
  const s3 = config.kind === 's3' ? config.s3 : undefined;
  const endpoint = s3?.direct_upload ? (s3.public_endpoint ?? s3.endpoint) : undefined;
  if (!s3 || !endpoint) return [];
  const url = new URL(endpoint);
  // Virtual-hosted addresses put the bucket in the host name.
  return s3.force_path_style ? [url.origin] : [url.origin, `${url.protocol}//${s3.bucket}.${url.host}`];
}
