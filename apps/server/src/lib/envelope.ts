import type { Envelope } from '@portal/contract';

export function ok<T>(data: T, message = 'ok'): Envelope<T> {
  return { code: 0, message, data };
}

export function failure(code: number, message: string): Envelope<null> {
  return { code, message, data: null };
}
