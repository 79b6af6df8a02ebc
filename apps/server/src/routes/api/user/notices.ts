import { markNoticesReadSchema, NOTICE_API_PATHS } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/envelope';
import { parse } from '../../../lib/validate';
import { requireUser } from '../../../plugins/auth';

const PREFIX = '/api/user';
const path = (full: string) => full.slice(PREFIX.length);

/** /api/user/notices: the signed-in person's in-portal notices. */
const noticeRoutes: FastifyPluginAsync = async (app) => {
  const { notices } = app.services;

  app.get(path(NOTICE_API_PATHS.list), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(await notices.list(requireUser(request).id));
  });

  app.post(path(NOTICE_API_PATHS.read), async (request) => {
    const { ids } = parse(markNoticesReadSchema, request.body ?? {});
    return ok({ unread: await notices.markRead(requireUser(request).id, ids) });
  });
};

export default noticeRoutes;
