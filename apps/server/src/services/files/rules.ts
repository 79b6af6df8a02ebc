import type { FileKind } from '@portal/contract';

/** What one upload route accepts. */
export interface UploadRules {
  kinds: readonly FileKind[];
  maxBytes: number;
  maxWidth?: number;
  maxHeight?: number;
}

/** Bytes held back and inspected before anything is written; JPEG sizes can sit behind large EXIF blocks. */
export const HEAD_BYTES = 256 * 1024;
