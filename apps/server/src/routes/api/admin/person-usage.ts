import { ErrorCode, ErrorMessage } from '@portal/contract';
import { adminEndpoints } from '@portal/contract/endpoints/admin';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { serve } from '../../../lib/serve-endpoint';
import { serverModules } from '../../../modules';
import { UsageService } from '../../../services/usage';
import { PersonUsageService } from '../../../services/usage/person-usage-service';

/**
 * /api/admin/users/usage: one person's asks per counted module, with the limit and the rule that
 * decides it, from the modules of the registry that count asks. Administrators only.
 */
const personUsageRoutes: FastifyPluginAsync = async (app) => {
  const { users, quotas } = app.services;
  const counted = serverModules.flatMap(({ usage }) => {
    if (!usage) return [];
    const service = new UsageService(app.db, usage.defaults(app.portalConfig), quotas);
    return usage.modules.map((module) => ({ module, usage: service }));
  });
  // Days are the portal's local days, the same offset the chat windows start at.
  const personUsage = new PersonUsageService(app.db, counted, app.portalConfig.chat.quota_utc_offset_minutes);

  serve(app, adminEndpoints.personUsage, async ({ query: { user_id } }) => {
    if (!(await users.findById(user_id))) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    return personUsage.of(user_id, Date.now());
  });
};

export default personUsageRoutes;
