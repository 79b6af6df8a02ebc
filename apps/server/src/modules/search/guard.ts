import { ErrorCode, ErrorMessage, SEARCH_DOMAIN, SEARCH_TOKEN_HEADER, validationMessage } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error';
import type { SearchTokenSigner } from './search-token';

/** The person behind a request to the search service, as the portal knows them. */
export interface SearchCaller {
  id: number;
  mobile: string;
  userName: string;
}

/**
 * Checks a portal access token (the `Authorization` header) and the caller's right to the research
 * app; answers the person, or throws the portal's own auth errors (1001/1002/1004/4003).
 */
export type PortalVerifier = (request: FastifyRequest) => Promise<SearchCaller>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a search-service request, once both tokens were checked. */
    searchCaller: SearchCaller | null;
  }
}

const LOGIN_PATH = '/auth/loginByV1User';

const searchTokenRefused = () => new AppError(ErrorCode.forbidden, '搜索服务凭证无效或已过期，请重新进入', 401);

export function requireCaller(request: FastifyRequest): SearchCaller {
  if (!request.searchCaller) throw new AppError(ErrorCode.notSignedIn, ErrorMessage.notSignedIn);
  return request.searchCaller;
}

/**
 * The search service's gate, for every route of its plugin: the portal access token first (so a
 * search token alone never suffices, and a person removed from the portal loses the service at
 * once), then the search token, which must have been issued to the same person, then
 * `domain: "mind"` in the query or the body.
 */
export function installSearchGate(app: FastifyInstance, verifyPortal: PortalVerifier, tokens: SearchTokenSigner): void {
  app.decorateRequest('searchCaller', null);
  app.addHook('onRequest', async (request) => {
    const caller = await verifyPortal(request);
    const path = (request.routeOptions.url ?? '').slice(app.prefix.length);
    if (path !== LOGIN_PATH) {
      const raw = request.headers[SEARCH_TOKEN_HEADER];
      const token = typeof raw === 'string' ? raw.replace(/^Bearer\s+/i, '') : '';
      const claims = token ? tokens.verify(token) : null;
      if (!claims || claims.uid !== caller.id) throw searchTokenRefused();
    }
    request.searchCaller = caller;
  });
  app.addHook('preHandler', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const body = request.body as Record<string, unknown> | undefined;
    const domain = query?.domain ?? (body && !Array.isArray(body) ? body.domain : undefined);
    if (domain !== SEARCH_DOMAIN) {
      throw new AppError(ErrorCode.validation, validationMessage('domain', 'domain 必须为 mind'));
    }
  });
}
