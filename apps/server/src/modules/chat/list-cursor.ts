import { ErrorCode, validationMessage } from '@portal/contract';
import { AppError } from '../../errors/app-error';

/** Where a page of the conversation list ended: the last row's sort key, exact to the microsecond. */
export interface ListCursor {
  updatedAt: string;
  createdAt: string;
  id: string;
}

const EXACT_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Opaque to the client: base64url of the sort key, so nobody builds one from its parts. */
export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.updatedAt, cursor.createdAt, cursor.id])).toString('base64url');
}

/** A cursor this server did not make is refused as a bad parameter, never passed to SQL as is. */
export function decodeListCursor(text: string): ListCursor {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parts = undefined;
  }
  const [updatedAt, createdAt, id] = Array.isArray(parts) && parts.length === 3 ? (parts as unknown[]) : [];
  if (
    typeof updatedAt !== 'string' ||
    typeof createdAt !== 'string' ||
    typeof id !== 'string' ||
    !EXACT_UTC.test(updatedAt) ||
    !EXACT_UTC.test(createdAt) ||
    !/^[\w-]{1,64}$/.test(id)
  ) {
    throw new AppError(ErrorCode.validation, validationMessage('cursor', '分页位置无效，请从第一页重新加载'));
  }
  return { updatedAt, createdAt, id };
}
