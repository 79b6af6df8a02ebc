import { ErrorCode, validationMessage } from '@portal/contract';
import { AppError } from '../../errors/app-error';

export function invalid(field: string, detail: string): AppError {
  return new AppError(ErrorCode.validation, validationMessage(field, detail));
}
