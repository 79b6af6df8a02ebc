import {
  ADMIN_API_PATHS,
  adminDeleteAppRequestSchema,
  adminDeleteRuleRequestSchema,
  adminSetRuleRequestSchema,
  adminUpsertAppRequestSchema,
  adminUserQuerySchema,
  ErrorCode,
  ErrorMessage,
} from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { ok } from '../../../lib/envelope';
import { parse } from '../../../lib/validate';
import { toEntry } from '../../../services/catalogue/catalogue-service';
import { recordChange } from './record-change';
import { identityOf } from '../../../services/users/identity';
import { readLinked } from '../../../services/users/identity-links';

const PREFIX = '/api/admin';
const path = (full: string) => full.slice(PREFIX.length);

/** /api/admin: the catalogue and access rules, administrators only. */
const adminRoutes: FastifyPluginAsync = async (app) => {
  const { catalogue, rights, users } = app.services;

  app.get(path(ADMIN_API_PATHS.listApps), async () => {
    const all = await catalogue.listAll();
    return ok({ list: all.map((a) => ({ ...toEntry(a, true), enabled: a.enabled, owners: a.owners })) });
  });

  app.post(path(ADMIN_API_PATHS.upsertApp), async (request) => {
    const def = parse(adminUpsertAppRequestSchema, request.body);
    const before = (await catalogue.listAll()).find((a) => a.appKey === def.app_key);
    const saved = await catalogue.upsert(def);
    const after = { ...toEntry(saved, true), enabled: saved.enabled, owners: saved.owners };
    await recordChange(app, request, {
      action: before ? 'admin.app.update' : 'admin.app.create',
      target: `app:${def.app_key}`,
      before: before ? { ...toEntry(before, true), enabled: before.enabled, owners: before.owners } : null,
      after,
    });
    return ok(after);
  });

  app.post(path(ADMIN_API_PATHS.deleteApp), async (request) => {
    const { app_key } = parse(adminDeleteAppRequestSchema, request.body);
    const before = (await catalogue.listAll()).find((a) => a.appKey === app_key);
    if (!(await catalogue.remove(app_key))) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    await recordChange(app, request, {
      action: 'admin.app.delete',
      target: `app:${app_key}`,
      before: before ? { ...toEntry(before, true), enabled: before.enabled, owners: before.owners } : null,
      after: null,
    });
    return ok(null);
  });

  app.get(path(ADMIN_API_PATHS.listRules), async () => ok({ list: await rights.listRules() }));

  app.post(path(ADMIN_API_PATHS.setRule), async (request) => {
    const rule = parse(adminSetRuleRequestSchema, request.body);
    const before = await findRule(rule);
    await rights.setRule(rule);
    await recordChange(app, request, {
      action: 'admin.rule.set',
      target: `rule:${rule.subject_type}:${rule.subject_type === 'everyone' ? '*' : rule.subject}:${rule.app_key}`,
      before: before ?? null,
      after: (await findRule(rule)) ?? null,
    });
    return ok(null);
  });

  app.post(path(ADMIN_API_PATHS.deleteRule), async (request) => {
    const rule = parse(adminDeleteRuleRequestSchema, request.body);
    const before = await findRule(rule);
    if (!(await rights.deleteRule(rule))) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    await recordChange(app, request, {
      action: 'admin.rule.delete',
      target: `rule:${rule.subject_type}:${rule.subject_type === 'everyone' ? '*' : rule.subject}:${rule.app_key}`,
      before: before ?? null,
      after: null,
    });
    return ok(null);
  });

  async function findRule(rule: { subject_type: string; subject: string; app_key: string }) {
    const subject = rule.subject_type === 'everyone' ? '*' : rule.subject;
    return (await rights.listRules()).find(
      (r) => r.subject_type === rule.subject_type && r.subject === subject && r.app_key === rule.app_key,
    );
  }

  app.get(path(ADMIN_API_PATHS.listUsers), async (request) => {
    const { q } = parse(adminUserQuerySchema, request.query);
    const needle = (q ?? '').trim().toLowerCase();
    const [everyone, linked] = await Promise.all([users.list(), readLinked(app.db)]);
    const list = everyone.filter(
      (u) =>
        !needle ||
        [u.login, u.userName, u.email, u.mobile, u.subject, identityOf(u)].some((field) =>
          field.toLowerCase().includes(needle),
        ),
    );
    return ok({
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
    });
  });
};

export default adminRoutes;
