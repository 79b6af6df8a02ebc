/**
 * Upload rules shared by server and browser, without zod, so the browser's upload code does not
 * pull the schemas in.
 */

/** What a route may accept; each kind is recognised by its content, never by the name alone. */
export const FILE_KINDS = ['image', 'pdf', 'docx', 'xlsx', 'csv', 'txt', 'md'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

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
 * The storage quota's refusal. Apart from `uploadMessages`, which the first screen carries: the
 * browser only shows this message as the server sends it.
 */
export const storageFullMessage = (usedBytes: number, quotaBytes: number) =>
  `存储空间已满：已用 ${formatFileSize(usedBytes)} / 上限 ${formatFileSize(quotaBytes)}，请删除不需要的文件`;

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

/**
 * App icons uploaded in the admin console: raster images only (checked by content like every
 * image), small enough for a catalogue tile.
 */
export const APP_ICON_RULES = {
  kinds: ['image'] as readonly FileKind[],
  maxBytes: 1_000_000,
  maxWidth: 1024,
  maxHeight: 1024,
} as const;

/** `POST` (multipart, administrators): upload an app icon; the answer's `url` goes into `app_icon`. */
export const APP_ICON_UPLOAD_PATH = '/api/admin/apps/icon';
/** `GET ?id=`: an uploaded app icon, for the catalogue's `<img>` (which cannot send the access token). */
export const APP_ICON_PATH = '/api/app/icon';
