import {
  ErrorCode,
  ErrorMessage,
  IDENTITY_API_PATHS,
  linkAccountsSchema,
  unlinkAccountSchema,
  type LinkedAccountsResponse,
} from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { ok } from '../../../lib/envelope';
import { parse } from '../../../lib/validate';
import { requireUser } from '../../../plugins/auth';
import { recordChange } from './record-change';

const PREFIX = '/api/admin';

/**
 * /api/admin/users/link and /unlink: accounts of one person in several providers become one
 * person only when an administrator says so, and the audit log keeps who did it and what the
 * person's accounts were before and after. Administrators only.
 */
const identityLinkRoutes: FastifyPluginAsync = async (app) => {
  const { identityLinks } = app.services;

  app.addHook('preHandler', async (request) => {
    if (!requireUser(request).isAdmin) throw new AppError(ErrorCode.forbidden, ErrorMessage.forbiddenAdmin);
  });

  app.post(IDENTITY_API_PATHS.link.slice(PREFIX.length), async (request) => {
    const { user_id, other_user_id } = parse(linkAccountsSchema, request.body);
    const changed = await identityLinks.link(user_id, other_user_id);
    if (!changed) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    await recordChange(app, request, {
      action: 'admin.user.link',
      target: `user:${user_id}`,
      before: { accounts: changed.before },
      after: { accounts: changed.after },
    });
    return ok<LinkedAccountsResponse>({ accounts: changed.after });
  });

  app.post(IDENTITY_API_PATHS.unlink.slice(PREFIX.length), async (request) => {
    const { user_id } = parse(unlinkAccountSchema, request.body);
    const changed = await identityLinks.unlink(user_id);
    if (!changed) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    if (changed.before.length < 2) throw new AppError(ErrorCode.validation, '该账号没有关联其他账号');
    await recordChange(app, request, {
      action: 'admin.user.unlink',
      target: `user:${user_id}`,
      before: { accounts: changed.before },
      after: { accounts: changed.after },
    });
    return ok<LinkedAccountsResponse>({ accounts: changed.after });
  });
};

export default identityLinkRoutes;
