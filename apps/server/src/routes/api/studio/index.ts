import { ErrorCode, ErrorMessage, tokenKeyQuerySchema } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { ok } from '../../../lib/envelope';
import { parse } from '../../../lib/validate';
import { requireUser } from '../../../plugins/auth';
import { oneTimeCodeRateLimit } from '../one-time-code-rate-limit';

/** /api/studio: the one-time code (blueaicode) handed to an external app when it is opened. */
const studioRoutes: FastifyPluginAsync = async (app) => {
  const { catalogue, rights, codes } = app.services;

  app.get('/get_token_key', { onRequest: oneTimeCodeRateLimit(app) }, async (request) => {
    const { app_key } = parse(tokenKeyQuerySchema, request.query);
    const user = requireUser(request);
    const entry = await catalogue.entryFor(rights.principalOf(user), app_key);
    if (!entry) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    if (!entry.be_authorized) throw new AppError(ErrorCode.forbidden, ErrorMessage.forbiddenApp);
    const { code, expiresIn } = await codes.create(user.id, app_key);
    return ok({ token_key: code, expires_in: expiresIn });
  });
};

export default studioRoutes;
