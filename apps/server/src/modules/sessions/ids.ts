import { randomUUID } from 'node:crypto';
import { ErrorCode, ErrorMessage } from '@portal/contract';
import { AppError } from '../../errors/app-error';

/** Opaque public ids for sessions and messages; unguessable so probing finds nothing. */
export function newId(): string {
  return randomUUID().replace(/-/g, '');
}

/** Someone else's or a deleted session/message/file: the same answer, so ids reveal nothing. */
export function resourceGone(): AppError {
  return new AppError(ErrorCode.resourceGone, ErrorMessage.resourceGone);
}
