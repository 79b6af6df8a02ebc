import { ErrorCode, ErrorMessage } from '@portal/contract';
import { portalEndpoints } from '@portal/contract/endpoints/portal';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { serve } from '../../../lib/serve-endpoint';
import { requireUser } from '../../../plugins/auth';
import { oneTimeCodeRateLimit } from '../one-time-code-rate-limit';

/** /api/studio: the one-time code (blueaicode) handed to an external app when it is opened. */
const studioRoutes: FastifyPluginAsync = async (app) => {
  const { catalogue, rights, codes } = app.services;

  serve(
    app,
    portalEndpoints.tokenKey,
    async ({ query: { app_key }, request }) => {
      const user = requireUser(request);
      const entry = await catalogue.entryFor(rights.principalOf(user), app_key);
      if (!entry) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
      if (!entry.be_authorized) throw new AppError(ErrorCode.forbidden, ErrorMessage.forbiddenApp);
      const { code, expiresIn } = await codes.create(user.id, app_key);
      return { token_key: code, expires_in: expiresIn };
    },
    { onRequest: oneTimeCodeRateLimit(app) },
  );
};

export default studioRoutes;
