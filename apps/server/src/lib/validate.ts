import { ErrorCode, validationMessage } from '@portal/contract';
import { z } from 'zod';
import { AppError } from '../errors/app-error';
import { findNul, NUL_DETAIL } from './nul-bytes';

export interface ParseOptions {
  /** For inputs that keep NUL bytes out of the database themselves (analytics strips them). */
  allowNul?: boolean;
}

/** 400 / 4001 naming the field that holds a NUL byte; undefined when there is none. */
export function nulError(value: unknown, prefix: readonly string[] = []): AppError | undefined {
  const path = findNul(value, prefix);
  return path ? new AppError(ErrorCode.validation, validationMessage(path.join('.'), NUL_DETAIL)) : undefined;
}

/** Parses untrusted input; the first issue becomes a 4001 naming the bad field. */
export function parse<S extends z.core.$ZodType>(schema: S, value: unknown, options: ParseOptions = {}): z.output<S> {
  if (!options.allowNul) {
    const nul = nulError(value);
    if (nul) throw nul;
  }
  const result = z.safeParse(schema, value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue ? issue.path.map(String).join('.') : '';
  throw new AppError(ErrorCode.validation, validationMessage(field, issue?.message ?? '格式不正确'));
}
