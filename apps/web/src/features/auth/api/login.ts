import type { LoginRequest, LoginResponse } from '@portal/contract';
import { loginResponseParser } from '../../../lib/parsers';
import { api } from '../../../lib/api';

const pending = new Map<string, Promise<LoginResponse>>();

/** A code can be exchanged once; a re-mounted page (StrictMode) shares the first attempt. */
export function login(request: LoginRequest): Promise<LoginResponse> {
  let attempt = pending.get(request.code);
  if (!attempt) {
    attempt = api.post('/api/user/login', request, { schema: loginResponseParser, silent: true });
    pending.set(request.code, attempt);
  }
  return attempt;
}
