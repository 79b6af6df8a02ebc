import type { ServerResponse } from 'node:http';
import { ErrorCode, REQUEST_ID_HEADER } from '@portal/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { safeEqual } from '../lib/crypto';
import { nulError } from '../lib/validate';
import { MemoryAttemptStore, RedisAttemptStore } from './attempt-store';
import { builtinClientSecret, builtinProviderKeys } from './keys';
import { expiredPage, loginPage, messagePage } from './login-page';
import { LoginThrottle, minutesLeft, type Lock } from './login-throttle';
import { nulInBody, nulInUrl } from './nul-guard';
import type Provider from 'oidc-provider';
import { BUILTIN_SCOPES } from './scopes';
import { oidcSecurityHeaders } from './security-headers';

const MOUNT = '/oidc';
const RESTART_URL = '/login';
const WRONG_CREDENTIALS = '账号或密码错误';
const TOO_MANY_ATTEMPTS = (minutes: number) => `登录尝试过多，请 ${minutes} 分钟后再试`;
/** The provider's endpoints a browser opens (the rest answer programs in JSON). */
const BROWSER_ENDPOINT = /^\/(auth|session)(\/|$)/;

/**
 * The built-in identity provider, mounted at /oidc when no company SSO is configured. The
 * provider's own endpoints get the raw request; the sign-in page is ours.
 */
const builtinOidc: FastifyPluginAsync = async (app) => {
  const { services, portalConfig: config, db } = app;
  const keys = await builtinProviderKeys(services.settings);
  const headers = oidcSecurityHeaders(new URL(services.sso.redirectUri).origin);
  const { redis, namespace } = app.sharedCounters;
  const throttle = new LoginThrottle(
    redis ? new RedisAttemptStore(redis, `${namespace}oidc-login:`) : new MemoryAttemptStore(),
    config.login_throttle,
  );
  // The provider library is large and only sign-ins through it need it: it loads on the first
  // /oidc request, not at start (a restart is then listening that much sooner).
  let loading: Promise<{ provider: Provider; handle: ReturnType<Provider['callback']> }> | undefined;
  const builtin = () =>
    (loading ??= import('./provider').then(({ createBuiltinProvider }) => {
      const provider = createBuiltinProvider({
        issuer: `${app.publicUrl}${MOUNT}`,
        title: config.title,
        db,
        accounts: config.demo_accounts,
        client: {
          id: config.sso.client_id,
          secret: builtinClientSecret(services.serverSecret),
          redirectUri: services.sso.redirectUri,
        },
        ...keys,
      });
      return { provider, handle: provider.callback() };
    })).catch((err: unknown) => {
      loading = undefined; // let the next request try again
      throw err;
    });

  /** A provider request refused before the provider saw it: a page for browsers, OAuth JSON for programs. */
  const refuseRaw = (res: ServerResponse, path: string, status: number, message: string) => {
    res.statusCode = status;
    res.setHeader('cache-control', 'no-store');
    if (BROWSER_ENDPOINT.test(path)) {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(messagePage({ title: config.title, message, restartUrl: RESTART_URL }));
    } else {
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ error: 'invalid_request', error_description: message }));
    }
  };

  // The provider parses its own bodies, so it takes the request before Fastify reads it. A NUL
  // byte anywhere in its parameters is refused first: stored, it would end as a database error.
  app.route({
    method: ['GET', 'POST', 'HEAD', 'OPTIONS', 'DELETE', 'PUT'],
    url: `${MOUNT}/*`,
    onRequest: (request, reply) => {
      reply.hijack();
      const req = request.raw as typeof request.raw & { originalUrl?: string };
      const res = reply.raw;
      res.setHeader(REQUEST_ID_HEADER, request.id);
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      req.originalUrl = req.url;
      req.url = (req.url ?? '').slice(MOUNT.length) || '/';
      const path = req.url.split('?')[0] ?? '/';
      const refused = nulInUrl(req.url);
      if (refused) return refuseRaw(res, path, 400, refused.message);
      Promise.all([builtin(), nulInBody(req)]).then(
        ([{ handle }, bodyRefused]) => {
          if (bodyRefused === 'too-large') return refuseRaw(res, path, 413, '请求内容过大');
          if (bodyRefused) return refuseRaw(res, path, 400, bodyRefused.message);
          return handle(req, res);
        },
        (err: unknown) => {
          request.log.error({ err }, 'built-in identity provider failed');
          if (!res.headersSent) res.statusCode = 500;
          res.end();
        },
      );
    },
    handler: async () => undefined,
  });

  /** The sign-in form again with a message; a lock answers 429 with Retry-After. */
  const formAgain = (
    reply: FastifyReply,
    uid: string,
    login: string,
    refusal: { status: 401 } | { status: 429; lock: Lock },
  ) => {
    reply.header('cache-control', 'no-store');
    let error = WRONG_CREDENTIALS;
    if (refusal.status === 429) {
      const now = Date.now();
      error = TOO_MANY_ATTEMPTS(minutesLeft(refusal.lock.until, now));
      reply.header('retry-after', String(Math.max(1, Math.ceil((refusal.lock.until - now) / 1000))));
    }
    return reply
      .code(refusal.status)
      .type('text/html; charset=utf-8')
      .send(loginPage({ action: `${MOUNT}/interaction/${uid}/login`, title: config.title, error, login }));
  };

  const audit = (request: FastifyRequest, action: string, target: string, detail: string) =>
    services.audit.record({ action, target, ip: request.ip, detail });

  await app.register(async (pages) => {
    pages.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
    // Fastify parses these routes' input, so the refusal comes before any handler, as under /api.
    pages.addHook('preValidation', async (request) => {
      const error = nulError(request.params) ?? nulError(request.query) ?? nulError(request.body as unknown);
      if (error) throw error;
    });
    // These are browser pages: a stale or cookieless interaction gets a page, not a JSON envelope.
    pages.setErrorHandler(async (error, request, reply) => {
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      if (error instanceof AppError && error.code === ErrorCode.validation) {
        return reply
          .code(400)
          .send(messagePage({ title: config.title, message: error.message, restartUrl: RESTART_URL }));
      }
      if (error instanceof AppError && error.statusCode === 429) {
        return reply
          .code(429)
          .headers(error.headers)
          .send(messagePage({ title: config.title, message: error.message, restartUrl: RESTART_URL }));
      }
      request.log.info({ err: error }, 'sign-in interaction failed');
      return reply.code(400).send(expiredPage({ title: config.title, restartUrl: RESTART_URL }));
    });

    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    pages.get<{ Params: { uid: string } }>(`${MOUNT}/interaction/:uid`, async (request, reply) => {
      const { provider } = await builtin();
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.prompt.name === 'consent') {
        const grant = new provider.Grant({
          accountId: details.session?.accountId,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(BUILTIN_SCOPES.join(' '));
        const grantId = await grant.save();
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { consent: { grantId } },
          { mergeWithLastSubmission: true },
        );
        return reply.redirect(to, 303);
      }
      reply.header('cache-control', 'no-store');
      return reply
        .type('text/html; charset=utf-8')
        .send(loginPage({ action: `${MOUNT}/interaction/${details.uid}/login`, title: config.title }));
    });

    // Per client address, like the portal's other sign-in endpoints: it also bounds the audit rows
    // that refusals write.
    pages.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      `${MOUNT}/interaction/:uid/login`,
      { config: { rateLimit: app.authRateLimit } },
      async (request, reply) => {
        const { provider } = await builtin();
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const login = String(request.body?.login ?? '').trim();
        const password = String(request.body?.password ?? '');
        const address = request.ip;
        // A lock refuses the right password too: otherwise guessing would merely be slower.
        const lock = await throttle.lockInForce(login, address);
        if (lock) {
          await audit(request, 'login.throttled', 'oidc', `account=${login}; locked ${lock.scope}`);
          return formAgain(reply, details.uid, login, { status: 429, lock });
        }
        const account = config.demo_accounts.find((a) => a.login === login);
        if (!account || !safeEqual(password, account.password)) {
          const locks = await throttle.failed(login, address);
          await audit(request, 'login.failure', 'oidc', `account=${login}`);
          for (const begun of locks) {
            await audit(
              request,
              'login.lockout',
              `${begun.scope}:${begun.subject}`,
              `${begun.failures} wrong passwords; locked for ${begun.seconds} s`,
            );
          }
          const longest = locks.sort((a, b) => b.until - a.until)[0];
          return formAgain(reply, details.uid, login, longest ? { status: 429, lock: longest } : { status: 401 });
        }
        await throttle.succeeded(login);
        const to = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: account.login } },
          { mergeWithLastSubmission: false },
        );
        return reply.redirect(to, 303);
      },
    );
  });
};

export default builtinOidc;
