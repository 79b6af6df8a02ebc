import { createAccessRequestSchema, ErrorCode, ErrorMessage } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { ok } from '../../../lib/envelope';
import { parse } from '../../../lib/validate';
import { loadedUserRow, requireUser } from '../../../plugins/auth';

/** /api/app: asking for an app one may not open yet (申请权限), and the state of one's requests. */
const accessRequestRoutes: FastifyPluginAsync = async (app) => {
  const { accessRequests, users } = app.services;

  app.post('/access-request', { config: { rateLimit: { max: 20, timeWindow: 60_000 } } }, async (request) => {
    const { app_key, reason } = parse(createAccessRequestSchema, request.body);
    const user = loadedUserRow(request) ?? (await users.findById(requireUser(request).id));
    if (!user) throw new AppError(ErrorCode.notSignedIn, ErrorMessage.notSignedIn);
    return ok(await accessRequests.create(user, app_key, reason.trim(), request.log));
  });

  app.get('/access-requests', async (request) => {
    return ok({ list: await accessRequests.listMine(requireUser(request).id) });
  });
};

export default accessRequestRoutes;
