import { ErrorCode, ErrorMessage, moduleQuotaKeys, QUOTA_KEYS } from '@portal/contract';
import { adminEndpoints } from '@portal/contract/endpoints/admin';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { serve } from '../../../lib/serve-endpoint';
import { serverModules } from '../../../modules';
import { recordChange } from './record-change';

/** /api/admin/quotas: quota rules per module by person, group, department or everyone. Administrators only. */
const quotaRoutes: FastifyPluginAsync = async (app) => {
  const { quotas } = app.services;
  // What applies where no rule does: each counting module's configured quota, from the registry.
  const defaults: Record<string, number | null> = Object.fromEntries(QUOTA_KEYS.map((key) => [key, null]));
  for (const { usage } of serverModules) {
    if (!usage) continue;
    const configured = usage.defaults(app.portalConfig);
    for (const module of usage.modules) defaults[moduleQuotaKeys[module] ?? module] = configured.quotaOf(module);
  }

  serve(app, adminEndpoints.listQuotas, async () => ({ list: await quotas.list(), defaults }));

  serve(app, adminEndpoints.setQuota, async ({ body: rule, request }) => {
    const before = await quotas.findBySubject(rule);
    const after = await quotas.set(rule);
    await recordChange(app, request, {
      action: 'admin.quota.set',
      target: targetOf(after),
      before: before ?? null,
      after,
    });
    return after;
  });

  serve(app, adminEndpoints.deleteQuota, async ({ body: { id }, request }) => {
    const before = await quotas.remove(id);
    if (!before) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    await recordChange(app, request, { action: 'admin.quota.delete', target: targetOf(before), before, after: null });
    return null;
  });
};

const targetOf = (r: { subject_type: string; subject: string; module: string }) =>
  `quota:${r.subject_type}:${r.subject}:${r.module}`;

export default quotaRoutes;
