import { z } from 'zod';
import { FILE_KINDS, IMAGE_MIME_TYPES } from './file-rules';

/**
 * Uploads and stored files: `POST /api/file/upload`, `POST /api/{module}/file/upload`,
 * `GET /api/file/uploadTencentConfig`, `POST /api/file/confirm`, `GET /api/file/download`,
 * `POST /api/file/delete`, `GET /api/file/usage`.
 */

export const fileKindSchema = z.enum(FILE_KINDS);

/** Opaque file ids, like conversation ids: 32 hex characters. */
export const fileIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{32}$/, '文件编号不正确');

/** A stored file as the API returns it. */
export const storedFileSchema = z.object({
  file_id: fileIdSchema,
  name: z.string(),
  mime: z.string(),
  size: z.number().int().nonnegative(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  sha256: z.string(),
  /** The module the file belongs to; null for common uploads. */
  module: z.string().nullable(),
  /** Path of the signed-in download (relative to the API base). */
  url: z.string(),
  /** Epoch milliseconds. */
  create_time: z.number().int(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** `POST /api/file/upload` and `POST /api/{module}/file/upload` (multipart, one part named `file`). */
export const uploadResponseSchema = storedFileSchema;
export type UploadResponse = StoredFile;

/** `GET /api/file/uploadTencentConfig?content_type=` */
export const uploadConfigQuerySchema = z.object({
  /** The type the browser found by the file's first bytes; the presigned POST is bound to it. */
  content_type: z.enum(IMAGE_MIME_TYPES).optional(),
  /** The file's size: one that would not fit in the user's storage quota is refused before it is sent. */
  size: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type UploadConfigQuery = z.infer<typeof uploadConfigQuerySchema>;

const uploadLimitsSchema = z.object({
  max_bytes: z.number().int().positive(),
  max_width: z.number().int().positive().nullable(),
  max_height: z.number().int().positive().nullable(),
  kinds: z.array(fileKindSchema),
});

/** Disk storage (or direct uploads switched off): send the file to `upload_url` on the server. */
export const serverUploadConfigSchema = uploadLimitsSchema.extend({
  mode: z.literal('server'),
  upload_url: z.string(),
});

/**
 * S3-compatible storage: a presigned POST the browser sends straight to the store (`url`, the
 * `fields` first, then the file as `file`), then `POST /api/file/confirm {key}` registers it.
 */
export const directUploadConfigSchema = uploadLimitsSchema.extend({
  mode: z.literal('direct'),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  content_type: z.string(),
  /** Epoch milliseconds after which the store refuses the POST. */
  expire_at: z.number().int(),
  confirm_url: z.string(),
});

export const uploadConfigResponseSchema = z.discriminatedUnion('mode', [
  serverUploadConfigSchema,
  directUploadConfigSchema,
]);
export type UploadConfigResponse = z.infer<typeof uploadConfigResponseSchema>;
export type DirectUploadConfig = z.infer<typeof directUploadConfigSchema>;

/** `POST /api/file/confirm {key}`: registers an object the browser uploaded with the presigned POST. */
export const confirmUploadRequestSchema = z.object({
  key: z
    .string()
    .min(1)
    .max(512)
    .refine((v) => !v.includes('\u0000'), '不能包含空字符'),
  name: z.string().max(1000).optional(),
});
export type ConfirmUploadRequest = z.infer<typeof confirmUploadRequestSchema>;

/** `GET /api/file/download?file_id=` (and the same under a module prefix). */
export const fileIdQuerySchema = z.object({ file_id: fileIdSchema });
export type FileIdQuery = z.infer<typeof fileIdQuerySchema>;

/** `POST /api/file/delete {file_id}` */
export const deleteFileRequestSchema = z.object({ file_id: fileIdSchema });
export type DeleteFileRequest = z.infer<typeof deleteFileRequestSchema>;

/** `GET /api/file/usage`: what the signed-in user stores, over all modules, against the storage quota. */
export const storageUsageResponseSchema = z.object({
  used_bytes: z.number().int().nonnegative(),
  /** Null: no quota. */
  quota_bytes: z.number().int().positive().nullable(),
});
export type StorageUsageResponse = z.infer<typeof storageUsageResponseSchema>;
