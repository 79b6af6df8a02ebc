import { ErrorCode, ErrorMessage } from '@portal/contract';
import { adminEndpoints } from '@portal/contract/endpoints/admin';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { toEntry } from '../../../services/catalogue/catalogue-service';
import { recordChange } from './record-change';
import { identityOf } from '../../../services/users/identity';
import { readLinked } from '../../../services/users/identity-links';
import { serve } from '../../../lib/serve-endpoint';

/** /api/admin: the catalogue and access rules, administrators only. */
const adminRoutes: FastifyPluginAsync = async (app) => {
  const { catalogue, rights, users } = app.services;

  serve(app, adminEndpoints.listApps, async () => {
    const all = await catalogue.listAll();
    return { list: all.map((a) => ({ ...toEntry(a, true), enabled: a.enabled, owners: a.owners })) };
  });

  serve(app, adminEndpoints.upsertApp, async ({ body: def, request }) => {
    const before = (await catalogue.listAll()).find((a) => a.appKey === def.app_key);
    const saved = await catalogue.upsert(def);
    const after = { ...toEntry(saved, true), enabled: saved.enabled, owners: saved.owners };
    await recordChange(app, request, {
      action: before ? 'admin.app.update' : 'admin.app.create',
      target: `app:${def.app_key}`,
      before: before ? { ...toEntry(before, true), enabled: before.enabled, owners: before.owners } : null,
      after,
    });
    return after;
  });

  serve(app, adminEndpoints.deleteApp, async ({ body, request }) => {
    const { app_key } = body;
    const before = (await catalogue.listAll()).find((a) => a.appKey === app_key);
    if (!(await catalogue.remove(app_key))) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    await recordChange(app, request, {
      action: 'admin.app.delete',
      target: `app:${app_key}`,
      before: before ? { ...toEntry(before, true), enabled: before.enabled, owners: before.owners } : null,
      after: null,
    });
    return null;
  });

  serve(app, adminEndpoints.listRules, async () => ({ list: await rights.listRules() }));

  serve(app, adminEndpoints.setRule, async ({ body: rule, request }) => {
    const before = await findRule(rule);
    await rights.setRule(rule);
    await recordChange(app, request, {
      action: 'admin.rule.set',
      target: `rule:${rule.subject_type}:${rule.subject_type === 'everyone' ? '*' : rule.subject}:${rule.app_key}`,
      before: before ?? null,
      after: (await findRule(rule)) ?? null,
    });
    return null;
  });

  serve(app, adminEndpoints.deleteRule, async ({ body: rule, request }) => {
    const before = await findRule(rule);
    if (!(await rights.deleteRule(rule))) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    await recordChange(app, request, {
      action: 'admin.rule.delete',
      target: `rule:${rule.subject_type}:${rule.subject_type === 'everyone' ? '*' : rule.subject}:${rule.app_key}`,
      before: before ?? null,
      after: null,
    });
    return null;
  });

  async function findRule(rule: { subject_type: string; subject: string; app_key: string }) {
    const subject = rule.subject_type === 'everyone' ? '*' : rule.subject;
    return (await rights.listRules()).find(
      (r) => r.subject_type === rule.subject_type && r.subject === subject && r.app_key === rule.app_key,
    );
  }

  serve(app, adminEndpoints.listUsers, async ({ query }) => {
    const { q } = query;
    const needle = (q ?? '').trim().toLowerCase();
    const [everyone, linked] = await Promise.all([users.list(), readLinked(app.db)]);
    const list = everyone.filter(
      (u) =>
        !needle ||
        [u.login, u.userName, u.email, u.mobile, u.subject, identityOf(u)].some((field) =>
          field.toLowerCase().includes(needle),
        ),
    );
    return {
      list: list.map((u) => ({
        id: u.id,
        subject: u.subject,
        login: u.login,
        user_name: u.userName,
        email: u.email,
        groups: u.groups,
        departments: u.departments,
        disabled: u.disabled,
        last_login_at: u.lastLoginAt.toISOString(),
        is_admin: rights.isAdmin({ ...u, linked: linked.get(u.id) }),
        provider: u.provider,
        identity: identityOf(u),
        linked_user_ids: (linked.get(u.id) ?? []).map((a) => a.id),
      })),
    };
  });
};

export default adminRoutes;
