import { ErrorCode, ErrorMessage, validationMessage } from '@portal/contract';
import { AppError } from '../../errors/app-error';

/** Someone else's or a deleted conversation, message or collection: the same answer, so ids reveal nothing. */
export function resourceGone(): AppError {
  return new AppError(ErrorCode.resourceGone, ErrorMessage.resourceGone);
}

export function invalid(field: string, detail: string): AppError {
  return new AppError(ErrorCode.validation, validationMessage(field, detail));
}
