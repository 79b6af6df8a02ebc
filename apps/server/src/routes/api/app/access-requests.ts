import { ErrorCode, ErrorMessage } from '@portal/contract';
import { appEndpoints } from '@portal/contract/endpoints/portal';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { serve } from '../../../lib/serve-endpoint';
import { loadedUserRow, requireUser } from '../../../plugins/auth';

/** /api/app: asking for an app one may not open yet (申请权限), and the state of one's requests. */
const accessRequestRoutes: FastifyPluginAsync = async (app) => {
  const { accessRequests, users } = app.services;

  serve(
    app,
    appEndpoints.requestAccess,
    async ({ body: { app_key, reason }, request }) => {
      const user = loadedUserRow(request) ?? (await users.findById(requireUser(request).id));
      if (!user) throw new AppError(ErrorCode.notSignedIn, ErrorMessage.notSignedIn);
      return await accessRequests.create(user, app_key, reason.trim(), request.log);
    },
    { config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
  );

  serve(app, appEndpoints.myRequests, async ({ request }) => {
    return { list: await accessRequests.listMine(requireUser(request).id) };
  });
};

export default accessRequestRoutes;
