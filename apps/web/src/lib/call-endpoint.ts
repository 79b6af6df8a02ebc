import type { Endpoint, EndpointBody, EndpointData, EndpointQuery } from '@portal/contract';
import { api } from './api';
import type { Parser } from './parsers';
import type { QueryValue } from './http-client';

export interface CallOptions<E extends Endpoint> {
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
  signal?: AbortSignal;
  /** The caller shows failures itself. */
  silent?: boolean;
}

/**
 * Calls a contract endpoint through the HTTP client (tokens, refresh-and-retry, toasts): the path
 * and method come from the descriptor and the reply's data is checked with its schema. Path
 * parameters are not supported here; such endpoints are called with `api.url`.
 */
export function callEndpoint<E extends Endpoint>(declared: E, options: CallOptions<E> = {}): Promise<EndpointData<E>> {
  const schema = declared.data as Parser<EndpointData<E>> | undefined;
  const common = { schema, signal: options.signal, silent: options.silent };
  if (declared.method === 'GET') {
    const params = options.query as Record<string, QueryValue | QueryValue[]> | undefined;
    return api.get<EndpointData<E>>(declared.path, { ...common, params });
  }
  return api.post<EndpointData<E>>(declared.path, options.body, common);
}
