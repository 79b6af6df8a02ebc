import { ErrorCode, ErrorMessage } from '@portal/contract';
import { appEndpoints } from '@portal/contract/endpoints/portal';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { serve } from '../../../lib/serve-endpoint';
import { requireUser } from '../../../plugins/auth';

/** /api/app: the catalogue as the signed-in user sees it. */
const appRoutes: FastifyPluginAsync = async (app) => {
  const { catalogue, rights } = app.services;

  serve(app, appEndpoints.list, async ({ request }) => {
    return { list: await catalogue.listFor(rights.principalOf(requireUser(request))) };
  });

  serve(app, appEndpoints.detail, async ({ query: { app_key }, request }) => {
    const entry = await catalogue.entryFor(rights.principalOf(requireUser(request)), app_key);
    if (!entry) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    return entry;
  });
};

export default appRoutes;
