import type { Endpoint, EndpointBodyInput, EndpointData, EndpointQueryInput } from '@portal/contract';
import { api } from './api';
import type { Parser } from './parsers';
import type { QueryValue, RequestOptions } from './http-client';

export interface CallOptions<E extends Endpoint> {
  query?: EndpointQueryInput<E>;
  body?: EndpointBodyInput<E>;
  signal?: AbortSignal;
  /** The caller shows failures itself. */
  silent?: boolean;
  /** A 1004 renews the rights without the warning and the reload: the caller shows them itself. */
  quietRightsChange?: boolean;
}

type AnyCallOptions = Omit<CallOptions<Endpoint>, 'query' | 'body'> & { query?: unknown; body?: unknown };

function send<T>(declared: Endpoint, options: AnyCallOptions, schema: Parser<T> | undefined): Promise<T> {
  const common: RequestOptions<T> = {
    schema,
    signal: options.signal,
    silent: options.silent,
    quietRightsChange: options.quietRightsChange,
  };
  if (declared.method === 'GET') {
    const params = options.query as Record<string, QueryValue | QueryValue[]> | undefined;
    return api.get<T>(declared.path, { ...common, params });
  }
  return api.post<T>(declared.path, options.body, common);
}

/**
 * Calls a contract endpoint through the HTTP client (tokens, refresh-and-retry, toasts): the path
 * and method come from the descriptor and the reply's data is checked with its schema. Path
 * parameters are not supported here; such endpoints are called with `api.url`.
 */
export function callEndpoint<E extends Endpoint>(declared: E, options: CallOptions<E> = {}): Promise<EndpointData<E>> {
  return send(declared, options, declared.data as Parser<EndpointData<E>> | undefined);
}

/**
 * Calls a contract endpoint whose reply the caller does not use (a stop, a rename): its code is
 * handled as for any call, its data is not checked, so an answer the page never reads cannot turn a
 * done deed into a failure.
 */
export async function sendEndpoint<E extends Endpoint>(declared: E, options: CallOptions<E> = {}): Promise<void> {
  await send(declared, options, undefined);
}
