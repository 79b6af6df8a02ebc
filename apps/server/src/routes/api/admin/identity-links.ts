import { ErrorCode, ErrorMessage } from '@portal/contract';
import { adminEndpoints } from '@portal/contract/endpoints/admin';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { recordChange } from './record-change';
import { serve } from '../../../lib/serve-endpoint';

/**
 * /api/admin/users/link and /unlink: accounts of one person in several providers become one
 * person only when an administrator says so, and the audit log keeps who did it and what the
 * person's accounts were before and after. Administrators only.
 */
const identityLinkRoutes: FastifyPluginAsync = async (app) => {
  const { identityLinks } = app.services;

  serve(app, adminEndpoints.linkAccounts, async ({ body, request }) => {
    const { user_id, other_user_id } = body;
    const changed = await identityLinks.link(user_id, other_user_id);
    if (!changed) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    await recordChange(app, request, {
      action: 'admin.user.link',
      target: `user:${user_id}`,
      before: { accounts: changed.before },
      after: { accounts: changed.after },
    });
    return { accounts: changed.after };
  });

  serve(app, adminEndpoints.unlinkAccount, async ({ body, request }) => {
    const { user_id } = body;
    const changed = await identityLinks.unlink(user_id);
    if (!changed) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    if (changed.before.length < 2) throw new AppError(ErrorCode.validation, '该账号没有关联其他账号');
    await recordChange(app, request, {
      action: 'admin.user.unlink',
      target: `user:${user_id}`,
      before: { accounts: changed.before },
      after: { accounts: changed.after },
    });
    return { accounts: changed.after };
  });
};

export default identityLinkRoutes;
