import { ErrorCode, ErrorMessage } from '@portal/contract';
import { AppError } from '../errors/app-error';

/** Someone else's or a deleted conversation, message, session, file or report: the same answer, so ids reveal nothing. */
export function resourceGone(): AppError {
  return new AppError(ErrorCode.resourceGone, ErrorMessage.resourceGone);
}
