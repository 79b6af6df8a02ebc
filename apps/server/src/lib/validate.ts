import { ErrorCode, validationMessage } from '@portal/contract';
import type { z } from 'zod';
import { AppError } from '../errors/app-error';

/** Parses untrusted input; the first issue becomes a 4001 naming the bad field. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue ? issue.path.map(String).join('.') : '';
  throw new AppError(ErrorCode.validation, validationMessage(field, issue?.message ?? '格式不正确'));
}
