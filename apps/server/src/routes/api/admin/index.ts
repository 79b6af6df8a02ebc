import {
  ADMIN_API_PATHS,
  adminDeleteAppRequestSchema,
  adminDeleteRuleRequestSchema,
  adminSetRuleRequestSchema,
  adminUpsertAppRequestSchema,
  ErrorCode,
  ErrorMessage,
} from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { ok } from '../../../lib/envelope';
import { parse } from '../../../lib/validate';
import { requireUser } from '../../../plugins/auth';
import { toEntry } from '../../../services/catalogue/catalogue-service';

const PREFIX = '/api/admin';
const path = (full: string) => full.slice(PREFIX.length);

/** /api/admin: the catalogue and access rules, administrators only. */
const adminRoutes: FastifyPluginAsync = async (app) => {
  const { catalogue, rights, users } = app.services;

  app.addHook('preHandler', async (request) => {
    if (!requireUser(request).isAdmin) throw new AppError(ErrorCode.forbidden, ErrorMessage.forbiddenAdmin);
  });

  app.get(path(ADMIN_API_PATHS.listApps), async () => {
    const all = await catalogue.listAll();
    return ok({ list: all.map((a) => ({ ...toEntry(a, true), enabled: a.enabled })) });
  });

  app.post(path(ADMIN_API_PATHS.upsertApp), async (request) => {
    const saved = await catalogue.upsert(parse(adminUpsertAppRequestSchema, request.body));
    return ok({ ...toEntry(saved, true), enabled: saved.enabled });
  });

  app.post(path(ADMIN_API_PATHS.deleteApp), async (request) => {
    const { app_key } = parse(adminDeleteAppRequestSchema, request.body);
    if (!(await catalogue.remove(app_key))) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    return ok(null);
  });

  app.get(path(ADMIN_API_PATHS.listRules), async () => ok({ list: await rights.listRules() }));

  app.post(path(ADMIN_API_PATHS.setRule), async (request) => {
    await rights.setRule(parse(adminSetRuleRequestSchema, request.body));
    return ok(null);
  });

  app.post(path(ADMIN_API_PATHS.deleteRule), async (request) => {
    if (!(await rights.deleteRule(parse(adminDeleteRuleRequestSchema, request.body)))) {
      throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    }
    return ok(null);
  });

  app.get(path(ADMIN_API_PATHS.listUsers), async () => {
    const list = await users.list();
    return ok({
      list: list.map((u) => ({
        id: u.id,
        subject: u.subject,
        user_name: u.userName,
        email: u.email,
        groups: u.groups,
        is_admin: rights.isAdmin(u),
      })),
    });
  });
};

export default adminRoutes;
