import {
  SEARCH_API_BASE,
  SEARCH_APP_DOI,
  SEARCH_DOMAIN,
  searchEndpoints as ep,
  type Endpoint,
  type EndpointBody,
  type EndpointBodyInput,
  type EndpointData,
  type EndpointQuery,
  type EndpointQueryInput,
} from '@portal/contract';
import { api } from '../../../lib/api';
import { callEndpoint } from '../../../lib/call-endpoint';
import { HttpError } from '../../../lib/http-client';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { getSearchToken, setSearchToken } from '../../../lib/search-token';

/**
 * The endpoint at the service's configured address (`searchApiDomain`: the portal's own mount by
 * default, or a host of its own, which the HTTP client passes through as it is).
 */
function at<E extends Endpoint>(declared: E): E {
  const base = getRuntimeConfig().searchApiDomain.replace(/\/+$/, '');
  return { ...declared, path: `${base}${declared.path.slice(SEARCH_API_BASE.length)}` };
}

/** Who the search token is asked for: the signed-in person's own mobile and name. */
export interface SearchIdentity {
  mobile: string;
  name: string;
  avatar: string;
}

let identity: SearchIdentity | null = null;
let signingIn: Promise<void> | null = null;

/** The page tells the client whose token to ask for (the account of the portal session). */
export function setSearchIdentity(next: SearchIdentity): void {
  identity = next;
}

async function signIn(): Promise<void> {
  if (!identity) throw new Error('未登录');
  signingIn ??= callEndpoint(at(ep.login), {
    body: { mobile: identity.mobile, name: identity.name, avatar_url: identity.avatar, domain: SEARCH_DOMAIN },
  })
    .then((r) => setSearchToken(r.token))
    .finally(() => {
      signingIn = null;
    });
  return signingIn;
}

/** The search service refused its own token (expired, or another person's): sign in again. */
function searchTokenRefused(error: unknown): boolean {
  return error instanceof HttpError && error.code === 4003 && error.httpStatus === 401;
}

/**
 * Calls the search service: the portal token travels as always, the search token from storage
 * (signing in first when there is none, and once more when it was refused), `domain: "mind"` added.
 */
export async function callSearch<E extends Endpoint>(
  declared: E,
  input: {
    query?: Omit<EndpointQuery<E>, 'domain'>;
    body?: Omit<EndpointBody<E> & object, 'domain'> | EndpointBody<E>;
  },
): Promise<EndpointData<E>> {
  if (!getSearchToken()) await signIn();
  const call = () => {
    const query = { ...(input.query ?? {}), domain: SEARCH_DOMAIN } as EndpointQueryInput<E>;
    const body = (
      Array.isArray(input.body) ? input.body : { ...(input.body ?? {}), domain: SEARCH_DOMAIN }
    ) as EndpointBodyInput<E>;
    // session/edit carries its list as the body and the domain in the query.
    return callEndpoint(at(declared), { query, body, silent: true });
  };
  try {
    return await call();
  } catch (error) {
    if (!searchTokenRefused(error)) throw error;
    setSearchToken(null);
    await signIn();
    return call();
  }
}

export const searchApi = {
  sessions: () =>
    callSearch(ep.sessionList, { query: { app_dois_str: SEARCH_APP_DOI, page_index: 1, page_size: 100 } }),
  addSession: (name?: string) => callSearch(ep.sessionAdd, { body: { app_doi: SEARCH_APP_DOI, session_name: name } }),
  renameSession: (session_id: string, session_name: string) =>
    callSearch(ep.sessionEdit, { body: [{ session_id, session_name }] }),
  deleteSession: (session_id: string) => callSearch(ep.sessionDel, { query: { session_id } }),
  workflows: () => callSearch(ep.workflowList, { query: { app_doi: SEARCH_APP_DOI } }),
  init: (session_id: string, workflow_id: string) =>
    callSearch(ep.init, { query: { session_id, app_id: SEARCH_APP_DOI, workflow_id } }),
  runStep: (execution_id: string, input: { query?: string; plan?: string[] }) =>
    callSearch(ep.runStep, { body: { execution_id, ...input } }),
  result: (execution_id: string) => callSearch(ep.result, { query: { execution_id } }),
  interrupt: (execution_id: string) => callSearch(ep.interrupt, { query: { execution_id } }),
  sources: (execution_id: string) => callSearch(ep.sources, { query: { execution_id } }),
  summary: (execution_id: string) => callSearch(ep.summary, { query: { execution_id } }),
  mindNotes: (execution_id: string) => callSearch(ep.mindNotes, { query: { execution_id } }),
};

/** The address and headers of the run's event stream (section 7 headers, search token included). */
export function streamRequest(execution_id: string): { url: string; headers: Record<string, string> } {
  return {
    url: api.url(at(ep.stream).path, { execution_id, domain: SEARCH_DOMAIN }),
    headers: { ...api.headers(), accept: 'text/event-stream' },
  };
}
