import { IMAGE_MIME_TYPES, KIND_MIME_TYPES, uploadMessages, type FileKind } from '@portal/contract';

/** What an upload accepts; the server applies the same rules again and has the last word. */
export interface UploadRules {
  kinds: readonly FileKind[];
  maxBytes: number;
  maxWidth?: number | null;
  maxHeight?: number | null;
}

export interface CheckedFile {
  kind: FileKind;
  mime: string;
  width?: number;
  height?: number;
}

/** A refusal to show the user as it is (Chinese, the spec's wording for images). */
export class UploadCheckError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadCheckError';
  }
}

const SNIFF_BYTES = 4096;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The image type from the first bytes, as the server's file-type check finds it; null otherwise. */
export function sniffImage(bytes: Uint8Array): (typeof IMAGE_MIME_TYPES)[number] | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** The kind of a file by its first bytes; the name only tells Office documents and text kinds apart. */
export function sniffKind(bytes: Uint8Array, name: string, kinds: readonly FileKind[]): CheckedFile | null {
  const image = sniffImage(bytes);
  if (image) return kinds.includes('image') ? { kind: 'image', mime: image } : null;
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === '%PDF-') return kinds.includes('pdf') ? pdfFile() : null;
  const ext = extensionOf(name);
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const office = (['docx', 'xlsx'] as const).find((k) => k === ext && kinds.includes(k));
    return office ? { kind: office, mime: KIND_MIME_TYPES[office] } : null;
  }
  const textKind = (['csv', 'txt', 'md'] as const).find(
    (k) => (k === ext || (k === 'md' && ext === 'markdown')) && kinds.includes(k),
  );
  return textKind && isText(bytes) ? { kind: textKind, mime: KIND_MIME_TYPES[textKind] } : null;
}

const pdfFile = (): CheckedFile => ({ kind: 'pdf', mime: KIND_MIME_TYPES.pdf });

/** The first bytes; FileReader where Blob.arrayBuffer is missing (older WebViews). */
export async function headBytes(file: Blob, size = SNIFF_BYTES): Promise<Uint8Array> {
  const head = file.slice(0, size);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(head);
  });
}

/** Width and height as the browser decodes the image (createImageBitmap, else an Image element). */
export async function imageDimensions(file: Blob): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const size = { width: bitmap.width, height: bitmap.height };
      bitmap.close();
      return size;
    } catch {
      // Fall through to the Image element, which decodes some formats createImageBitmap refuses.
    }
  }
  if (typeof Image === 'undefined' || typeof URL.createObjectURL !== 'function') return null;
  const url = URL.createObjectURL(file);
  try {
    return await new Promise((resolve) => {
      const img = new Image();
      img.onload = () => resolve({ width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => resolve(null);
      img.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The checks of section 5 before anything is sent: size, content type by magic bytes, image dimensions. */
export async function checkFile(file: File, rules: UploadRules): Promise<CheckedFile> {
  if (file.size === 0) throw new UploadCheckError(uploadMessages.emptyFile);
  const checked = sniffKind(await headBytes(file), file.name, rules.kinds);
  const imageOnly = rules.kinds.every((k) => k === 'image');
  if (file.size > rules.maxBytes) {
    const asImage = checked ? checked.kind === 'image' : imageOnly;
    throw new UploadCheckError(
      asImage ? uploadMessages.imageTooLarge(rules.maxBytes) : uploadMessages.fileTooLarge(rules.maxBytes),
    );
  }
  if (!checked) throw new UploadCheckError(uploadMessages.unsupportedType);
  if (checked.kind !== 'image' || (!rules.maxWidth && !rules.maxHeight)) return checked;
  const size = await imageDimensions(file);
  if (!size) throw new UploadCheckError(uploadMessages.unreadableImage);
  if (rules.maxWidth && size.width > rules.maxWidth)
    throw new UploadCheckError(uploadMessages.imageTooWide(rules.maxWidth));
  if (rules.maxHeight && size.height > rules.maxHeight) {
    throw new UploadCheckError(uploadMessages.imageTooTall(rules.maxHeight));
  }
  return { ...checked, ...size };
}
