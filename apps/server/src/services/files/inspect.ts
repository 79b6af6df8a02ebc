import {
  ErrorCode,
  ErrorMessage,
  IMAGE_MIME_TYPES,
  KIND_MIME_TYPES,
  uploadMessages,
  type FileKind,
  type ImageMimeType,
} from '@portal/contract';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { AppError } from '../../errors/app-error';
import type { UploadRules } from './rules';

export interface Inspected {
  kind: FileKind;
  mime: string;
  width: number | null;
  height: number | null;
}

const TEXT_KINDS = ['csv', 'txt', 'md'] as const;
type TextKind = (typeof TEXT_KINDS)[number];

const unsupported = () => new AppError(ErrorCode.unsupportedMediaType, uploadMessages.unsupportedType);

/** Text has no magic bytes: it must decode as UTF-8 and hold no NUL (binary formats almost always do). */
function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    // `stream: true` tolerates a character cut in half at the end of the head.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function textKindOf(name: string, allowed: readonly FileKind[]): TextKind | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  const kind = ext === 'markdown' ? 'md' : ext;
  return TEXT_KINDS.find((k) => k === kind && allowed.includes(k)) ?? null;
}

function imageDimensions(head: Uint8Array): { width: number; height: number } | null {
  try {
    const size = imageSize(head);
    return size.width && size.height ? { width: size.width, height: size.height } : null;
  } catch {
    return null;
  }
}

/**
 * The file's type from its first bytes (never its name or the request's header) and, for images,
 * its dimensions against the route's limits. The name only picks among text kinds, whose content
 * is still checked to be text.
 */
export async function inspectHead(head: Uint8Array, displayName: string, rules: UploadRules): Promise<Inspected> {
  if (head.length === 0) throw new AppError(ErrorCode.validation, uploadMessages.emptyFile);
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    if ((IMAGE_MIME_TYPES as readonly string[]).includes(detected.mime)) {
      if (!rules.kinds.includes('image')) throw unsupported();
      const dims = imageDimensions(head);
      if (!dims) throw new AppError(ErrorCode.validation, uploadMessages.unreadableImage);
      if (rules.maxWidth && dims.width > rules.maxWidth) {
        throw new AppError(ErrorCode.validation, uploadMessages.imageTooWide(rules.maxWidth));
      }
      if (rules.maxHeight && dims.height > rules.maxHeight) {
        throw new AppError(ErrorCode.validation, uploadMessages.imageTooTall(rules.maxHeight));
      }
      return { kind: 'image', mime: detected.mime as ImageMimeType, ...dims };
    }
    for (const kind of ['pdf', 'docx', 'xlsx'] as const) {
      if (detected.ext === kind && rules.kinds.includes(kind)) {
        return { kind, mime: KIND_MIME_TYPES[kind], width: null, height: null };
      }
    }
    throw unsupported();
  }
  const textKind = textKindOf(displayName, rules.kinds);
  if (textKind && looksLikeText(head)) {
    return { kind: textKind, mime: KIND_MIME_TYPES[textKind], width: null, height: null };
  }
  throw unsupported();
}

/** The 413 of a route: the image wording of section 5 when the file is (or can only be) an image. */
export function tooLargeError(rules: UploadRules, kind: FileKind | undefined): AppError {
  const image = kind ? kind === 'image' : rules.kinds.every((k) => k === 'image');
  const message = image ? uploadMessages.imageTooLarge(rules.maxBytes) : uploadMessages.fileTooLarge(rules.maxBytes);
  return new AppError(ErrorCode.tooLarge, message || ErrorMessage.tooLarge);
}
