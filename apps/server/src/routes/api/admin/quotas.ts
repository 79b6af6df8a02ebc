import {
  CHAT_MODULES,
  deleteQuotaRuleSchema,
  ErrorCode,
  ErrorMessage,
  moduleQuotaKeys,
  QUOTA_API_PATHS,
  QUOTA_KEYS,
  quotaRuleSchema,
} from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { ok } from '../../../lib/envelope';
import { parse } from '../../../lib/validate';
import { recordChange } from './record-change';

const PREFIX = '/api/admin';
const path = (full: string) => full.slice(PREFIX.length);

/** /api/admin/quotas: quota rules per module by person, group, department or everyone. Administrators only. */
const quotaRoutes: FastifyPluginAsync = async (app) => {
  const { quotas } = app.services;
  const configured = app.portalConfig.chat.quotas;
  // What applies where no rule does: the chat section's quota of each module counted today.
  const defaults: Record<string, number | null> = Object.fromEntries(QUOTA_KEYS.map((key) => [key, null]));
  for (const module of CHAT_MODULES) defaults[moduleQuotaKeys[module] ?? module] = configured[module];

  app.get(path(QUOTA_API_PATHS.list), async () => ok({ list: await quotas.list(), defaults }));

  app.post(path(QUOTA_API_PATHS.set), async (request) => {
    const rule = parse(quotaRuleSchema, request.body);
    const before = await quotas.findBySubject(rule);
    const after = await quotas.set(rule);
    await recordChange(app, request, {
      action: 'admin.quota.set',
      target: targetOf(after),
      before: before ?? null,
      after,
    });
    return ok(after);
  });

  app.post(path(QUOTA_API_PATHS.delete), async (request) => {
    const { id } = parse(deleteQuotaRuleSchema, request.body);
    const before = await quotas.remove(id);
    if (!before) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    await recordChange(app, request, { action: 'admin.quota.delete', target: targetOf(before), before, after: null });
    return ok(null);
  });
};

const targetOf = (r: { subject_type: string; subject: string; module: string }) =>
  `quota:${r.subject_type}:${r.subject}:${r.module}`;

export default quotaRoutes;
