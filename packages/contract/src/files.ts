import { z } from 'zod';

/**
 * Uploads and stored files: `POST /api/file/upload`, `POST /api/{module}/file/upload`,
 * `GET /api/file/uploadTencentConfig`, `POST /api/file/confirm`, `GET /api/file/download`,
 * `POST /api/file/delete`.
 */

/** What a route may accept; each kind is recognised by its content, never by the name alone. */
export const FILE_KINDS = ['image', 'pdf', 'docx', 'xlsx', 'csv', 'txt', 'md'] as const;
export const fileKindSchema = z.enum(FILE_KINDS);
export type FileKind = z.infer<typeof fileKindSchema>;

/** Raster images the portal stores; SVG is never accepted (it can carry scripts). */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

/** The stored MIME type of each non-image kind. */
export const KIND_MIME_TYPES: Record<Exclude<FileKind, 'image'>, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  txt: 'text/plain',
  md: 'text/markdown',
};

/** The common upload accepts images up to the limit of section 5. */
export const DEFAULT_UPLOAD_KINDS: readonly FileKind[] = ['image'];

/** Longest display name kept; longer names are cut, keeping the extension. */
export const FILE_NAME_MAX_CHARS = 120;

/**
 * Sizes for messages: decimal units, as the spec's 10,000,000 bytes is "10MB".
 * 10_000_000 → "10MB", 1_500_000 → "1.5MB", 20_000 → "20KB", 999 → "999B".
 */
export function formatFileSize(bytes: number): string {
  const trim = (v: number) => String(Number(v.toFixed(2)));
  if (bytes >= 1_000_000_000) return `${trim(bytes / 1_000_000_000)}GB`;
  if (bytes >= 1_000_000) return `${trim(bytes / 1_000_000)}MB`;
  if (bytes >= 1_000) return `${trim(bytes / 1_000)}KB`;
  return `${bytes}B`;
}

/** Messages of section 5 (images) and their counterparts for documents. */
export const uploadMessages = {
  imageTooLarge: (maxBytes: number) => `图片大小不能超过${formatFileSize(maxBytes)}`,
  imageTooWide: (px: number) => `图片宽度不能超过${px}px`,
  imageTooTall: (px: number) => `图片高度不能超过${px}px`,
  fileTooLarge: (maxBytes: number) => `文件大小不能超过${formatFileSize(maxBytes)}`,
  unsupportedType: '不支持的文件类型',
  unreadableImage: '无法读取图片尺寸',
  emptyFile: '文件内容为空',
  noFile: '请选择要上传的文件',
  uploadFailed: '上传失败，请重试',
  uploadCancelled: '已取消上传',
} as const;

/**
 * A display name that is never a path: the last segment only, no control characters, NUL,
 * separators or leading dots, at most FILE_NAME_MAX_CHARS characters; empty becomes "file".
 */
export function sanitizeFileName(raw: string): string {
  const lastSegment = raw.split(/[/\\]/).pop() ?? '';
  let name = lastSegment
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  const chars = [...name];
  if (chars.length > FILE_NAME_MAX_CHARS) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 ? [...name.slice(dot)] : [];
    const keep = ext.length > 0 && ext.length <= 10 ? ext : [];
    name = chars.slice(0, FILE_NAME_MAX_CHARS - keep.length).join('') + keep.join('');
  }
  return name || 'file';
}

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
