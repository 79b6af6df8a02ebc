import { appDetailQuerySchema, ErrorCode, ErrorMessage } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { ok } from '../../../lib/envelope';
import { parse } from '../../../lib/validate';
import { requireUser } from '../../../plugins/auth';

/** /api/app: the catalogue as the signed-in user sees it. */
const appRoutes: FastifyPluginAsync = async (app) => {
  const { catalogue, rights } = app.services;

  app.get('/list', async (request) => {
    return ok({ list: await catalogue.listFor(rights.principalOf(requireUser(request))) });
  });

  app.get('/detail', async (request) => {
    const { app_key } = parse(appDetailQuerySchema, request.query);
    const entry = await catalogue.entryFor(rights.principalOf(requireUser(request)), app_key);
    if (!entry) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    return ok(entry);
  });
};

export default appRoutes;
