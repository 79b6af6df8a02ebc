import { apiPrefixAppKey, ErrorCode, ErrorMessage, type IdentityProvider } from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../db/schema';
import { AppError } from '../errors/app-error';
import type { GateRead } from '../services/rights/rights-gate';
import type { Account } from '../services/users/identity';
import { PUBLIC_API_PATHS } from './public-api-paths';

export interface RequestUser {
  id: number;
  subject: string;
  /** Where the account signs in; with the subject it identifies the person. */
  provider: IdentityProvider;
  /** The accounts an administrator linked to this one. */
  linked: Account[];
  login: string;
  userName: string;
  isAdmin: boolean;
  groups: string[];
  /** Workplace departments with their ancestors. */
  departments: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user on every non-public /api request; null elsewhere. */
    user: RequestUser | null;
  }
  interface FastifyContextConfig {
    /**
     * A module route that serves several apps, the one its request names (getSDWebUICode's
     * `app_key`): the gate lets through a user with any of these apps instead of checking its
     * prefix's app, and the handler checks the app asked for.
     */
    appKeysOfRequest?: readonly string[];
  }
}

const prefixApp = apiPrefixAppKey as Record<string, string>;

/** What the auth hook read (user row, global rights version), so handlers need not read it again. */
const gateReads = new WeakMap<FastifyRequest, GateRead>();

export function loadedUserRow(request: FastifyRequest): User | undefined {
  return gateReads.get(request)?.user;
}

export function loadedGateRead(request: FastifyRequest): GateRead | undefined {
  return gateReads.get(request);
}

/** The decoded request path with duplicate and trailing slashes collapsed. */
function apiPath(request: FastifyRequest): string {
  const raw = request.url.split('?')[0] ?? '';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape cannot match a route either; judge the raw text.
  }
  return decoded.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
}

/**
 * Administration lives under `/api/admin/…` and under a module's own `/api/<module>/admin/…`. The
 * gate refuses those paths to anyone but administrators, so an admin route cannot forget the check.
 */
export function isAdminPath(path: string): boolean {
  const segments = path.toLowerCase().split('/');
  return segments[2] === 'admin' || segments[3] === 'admin';
}

/** The signed-in user of a request that passed the auth hook; handlers call this instead of `!`. */
export function requireUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError(ErrorCode.notSignedIn, ErrorMessage.notSignedIn);
  return request.user;
}

async function mayOpenAny(app: FastifyInstance, read: GateRead, appKeys: readonly string[]): Promise<boolean> {
  for (const appKey of appKeys) if (await app.services.gate.mayOpenApp(read, appKey)) return true;
  return false;
}

/**
 * One gate for all of /api: authenticate, check the rights version, and for module prefixes check
 * the user may open that app; then refuse admin paths to staff. Routes never opt in, so a module
 * or admin route added later is covered.
 */
export default fp(
  async (app) => {
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      const path = apiPath(request);
      if (!path.startsWith('/api/') && path !== '/api') return;
      if (PUBLIC_API_PATHS.has(path)) return;

      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw new AppError(ErrorCode.notSignedIn, ErrorMessage.notSignedIn);
      const claims = await app.services.signer.verify(match[1]);
      // The user row with the global rights version beside it: one round trip, then kept in this
      // process until a change to either is heard from any replica (rights-gate.ts).
      const read = await app.services.gate.read(claims.userId);
      if (!read || read.user.disabled) throw new AppError(ErrorCode.notSignedIn, ErrorMessage.notSignedIn);
      const { user, globalVersion, linked } = read;
      gateReads.set(request, read);
      if (claims.rightsVersion < globalVersion + user.rightsVersion) {
        throw new AppError(ErrorCode.permissionsChanged, ErrorMessage.permissionsChanged);
      }
      request.user = {
        id: user.id,
        subject: user.subject,
        provider: user.provider,
        linked,
        login: user.login,
        userName: user.userName,
        isAdmin: app.services.rights.isAdmin({ ...user, linked }),
        groups: user.groups,
        departments: user.departments,
      };

      const prefix = path.split('/')[2]?.toLowerCase() ?? '';
      const appKey = Object.hasOwn(prefixApp, prefix) ? prefixApp[prefix] : undefined;
      // By the matched route, so no spelling of the path picks another route's exception.
      const ofRequest = request.routeOptions.config?.appKeysOfRequest;
      const needed = appKey && ofRequest ? ofRequest : appKey ? [appKey] : [];
      if (needed.length > 0 && !(await mayOpenAny(app, read, needed))) {
        throw new AppError(ErrorCode.forbidden, ErrorMessage.forbiddenApp);
      }
    });
    // After validation, as the admin routes' own checks ran before: a body with a NUL byte is
    // still refused with 400 before staff hear 403. By the matched route's path, so no admin route can
    // forget it, and nothing is decoded again on the hot path.
    app.addHook('preHandler', async (request) => {
      if (request.user && !request.user.isAdmin && isAdminPath(request.routeOptions.url ?? apiPath(request))) {
        throw new AppError(ErrorCode.forbidden, ErrorMessage.forbiddenAdmin);
      }
    });
  },
  { name: 'auth', dependencies: ['services'], fastify: '5.x' },
);
