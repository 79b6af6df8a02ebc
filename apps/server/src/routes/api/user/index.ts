import { ErrorCode, ErrorMessage } from '@portal/contract';
import { userEndpoints } from '@portal/contract/endpoints/portal';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { serve } from '../../../lib/serve-endpoint';
import { loadedGateRead, requireUser } from '../../../plugins/auth';
import { oneTimeCodeRateLimit } from '../one-time-code-rate-limit';
import { readBrowserKey, setBrowserKey } from './browser-key-cookie';

/** /api/user: sign-in, tokens, the current account, jump codes. */
const userRoutes: FastifyPluginAsync = async (app) => {
  const { login, sessions, users, catalogue, rights, codes, gate } = app.services;
  const limited = { config: { rateLimit: app.authRateLimit } };
  // Served over https (PUBLIC_URL): the binding cookie gets the __Host- prefix.
  const secureCookie = app.publicUrl.startsWith('https:');

  // The sign-in is bound to this browser: the cookie's key travels back with POST /login.
  serve(
    app,
    userEndpoints.authorize,
    async ({ query: { from, prompt, provider, mode }, request, reply }) => {
      const browserKey = login.browserKey(readBrowserKey(request, secureCookie));
      const url = await login.authorize(from, browserKey, prompt, provider, mode);
      setBrowserKey(reply, browserKey, secureCookie);
      return { url };
    },
    limited,
  );

  serve(
    app,
    userEndpoints.login,
    async ({ body, request }) =>
      await login.login(body.code, body.state, readBrowserKey(request, secureCookie), request.log, body.iss, {
        ip: request.ip,
      }),
    limited,
  );

  serve(
    app,
    userEndpoints.refresh,
    async ({ body }) => await sessions.refresh(body.refresh_token, body.is_update_cache ?? false),
    limited,
  );

  serve(app, userEndpoints.logout, async ({ body }) => {
    await sessions.end(body.refresh_token);
    return null;
  });

  serve(app, userEndpoints.info, async ({ request }) => {
    const read = loadedGateRead(request) ?? (await gate.read(requireUser(request).id));
    if (!read) throw new AppError(ErrorCode.notSignedIn, ErrorMessage.notSignedIn);
    return { account_info: await users.accountInfo(read.user, await gate.appsFor(read), read.linked) };
  });

  serve(
    app,
    userEndpoints.jumpCode,
    async ({ query: { app_key }, request }) => {
      const user = requireUser(request);
      const entry = await catalogue.entryFor(rights.principalOf(user), app_key);
      if (!entry) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
      if (!entry.be_authorized) throw new AppError(ErrorCode.forbidden, ErrorMessage.forbiddenApp);
      const { code, expiresIn } = await codes.create(user.id, app_key);
      return { code, expires_in: expiresIn };
    },
    { onRequest: oneTimeCodeRateLimit(app) },
  );
};

export default userRoutes;
