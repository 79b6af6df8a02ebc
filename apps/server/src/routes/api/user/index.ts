import {
  authorizeQuerySchema,
  ErrorCode,
  ErrorMessage,
  jumpCodeQuerySchema,
  loginRequestSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  workplaceAuthorizeQuerySchema,
} from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../errors/app-error';
import { ok } from '../../../lib/envelope';
import { parse } from '../../../lib/validate';
import { loadedGateRead, requireUser } from '../../../plugins/auth';
import { oneTimeCodeRateLimit } from '../one-time-code-rate-limit';
import { readBrowserKey, setBrowserKey } from './browser-key-cookie';

/** /api/user: sign-in, tokens, the current account, jump codes. */
const userRoutes: FastifyPluginAsync = async (app) => {
  const { login, sessions, users, catalogue, rights, codes, gate } = app.services;
  const limited = { rateLimit: app.authRateLimit };
  // Served over https (PUBLIC_URL): the binding cookie gets the __Host- prefix.
  const secureCookie = app.publicUrl.startsWith('https:');

  // The sign-in is bound to this browser: the cookie's key travels back with POST /login.
  app.get('/authorize', { config: limited }, async (request, reply) => {
    const { from, prompt, provider, mode } = parse(
      authorizeQuerySchema.extend(workplaceAuthorizeQuerySchema.shape),
      request.query,
    );
    const browserKey = login.browserKey(readBrowserKey(request, secureCookie));
    const url = await login.authorize(from, browserKey, prompt, provider, mode);
    setBrowserKey(reply, browserKey, secureCookie);
    return ok({ url });
  });

  app.post('/login', { config: limited }, async (request) => {
    const body = parse(loginRequestSchema.extend({ iss: z.string().max(500).optional() }), request.body);
    return ok(
      await login.login(body.code, body.state, readBrowserKey(request, secureCookie), request.log, body.iss, {
        ip: request.ip,
      }),
    );
  });

  app.post('/refreshToken', { config: limited }, async (request) => {
    const body = parse(refreshRequestSchema, request.body);
    return ok(await sessions.refresh(body.refresh_token, body.is_update_cache ?? false));
  });

  app.post('/logout', async (request) => {
    const body = parse(logoutRequestSchema, request.body);
    await sessions.end(body.refresh_token);
    return ok(null);
  });

  app.get('/info', async (request) => {
    const read = loadedGateRead(request) ?? (await gate.read(requireUser(request).id));
    if (!read) throw new AppError(ErrorCode.notSignedIn, ErrorMessage.notSignedIn);
    return ok({ account_info: await users.accountInfo(read.user, await gate.appsFor(read), read.linked) });
  });

  app.get('/getJumpCode', { onRequest: oneTimeCodeRateLimit(app) }, async (request) => {
    const { app_key } = parse(jumpCodeQuerySchema, request.query);
    const user = requireUser(request);
    const entry = await catalogue.entryFor(rights.principalOf(user), app_key);
    if (!entry) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    if (!entry.be_authorized) throw new AppError(ErrorCode.forbidden, ErrorMessage.forbiddenApp);
    const { code, expiresIn } = await codes.create(user.id, app_key);
    return ok({ code, expires_in: expiresIn });
  });
};

export default userRoutes;
