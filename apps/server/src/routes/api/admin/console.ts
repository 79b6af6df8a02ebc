import {
  appAccessQuerySchema,
  adminAccessRequestQuerySchema,
  approveAccessRequestSchema,
  auditQuerySchema,
  CONSOLE_API_PATHS,
  denyAccessRequestSchema,
  directorySyncRequestSchema,
  directorySyncStatusQuerySchema,
  type DirectorySyncJobView,
  type DirectorySyncResult,
  type WorkplaceProvider,
  ErrorCode,
  ErrorMessage,
  rotateAppSecretSchema,
  workplaceErrorMessage,
  setUserDisabledSchema,
  signOutUserSchema,
  userAccessQuerySchema,
  type AuditEntryView,
  type AuditPurgeResult,
} from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AuditLog } from '../../../db/schema';
import { AppError } from '../../../errors/app-error';
import { ok } from '../../../lib/envelope';
import { parse } from '../../../lib/validate';
import { requireUser } from '../../../plugins/auth';
import { auditCsv } from '../../../services/audit/audit-service';
import {
  DIRECTORY_SYNC_JOB,
  directorySyncKey,
  type DirectorySyncJobData,
} from '../../../services/departments/directory-sync-job';
import type { JobStatus } from '../../../services/jobs';
import { explain } from '../../../services/rights/evaluate';
import { recordChange } from './record-change';
import { identityOf } from '../../../services/users/identity';
import { readLinked } from '../../../services/users/identity-links';

const PREFIX = '/api/admin';
const path = (full: string) => full.slice(PREFIX.length);
const EXPORT_LIMIT = 50_000;

/** /api/admin (console): audit log, access requests, departments, rights views, people. Administrators only. */
const consoleRoutes: FastifyPluginAsync = async (app) => {
  const { audit, accessRequests, departments, workplace, jobs, rights, users, catalogue, people, appSecrets } =
    app.services;
  const { auditRetention } = app.services;

  // ---- audit log ----

  app.get(path(CONSOLE_API_PATHS.audit), async (request) => {
    const q = parse(auditQuerySchema, request.query);
    const { list, total } = await audit.page(filterOf(q), q.page, q.page_size);
    return ok({ list: list.map(auditView), total });
  });

  app.get(path(CONSOLE_API_PATHS.auditExport), async (request, reply) => {
    const q = parse(auditQuerySchema, request.query);
    const rows = await audit.all(filterOf(q), EXPORT_LIMIT);
    await recordChange(app, request, {
      action: 'audit.export',
      target: 'audit_logs',
      after: { filter: { actor: q.actor, action: q.action, from: q.from, to: q.to }, rows: rows.length },
    });
    reply.header('content-type', 'text/csv; charset=utf-8');
    reply.header('content-disposition', 'attachment; filename="audit-log.csv"');
    reply.header('cache-control', 'no-store');
    return auditCsv(rows);
  });

  app.post(path(CONSOLE_API_PATHS.auditPurge), async (request) => {
    const actor = requireUser(request);
    // The purge writes its own audit row (actor, address, how many, up to when).
    const result = await auditRetention.purge({
      actorId: actor.id,
      actorLogin: actor.login,
      ip: request.ip,
      detail: '手动清理',
    });
    return ok(result satisfies AuditPurgeResult);
  });

  // ---- access requests ----

  app.get(path(CONSOLE_API_PATHS.accessRequests), async (request) => {
    const { status } = parse(adminAccessRequestQuerySchema, request.query);
    return ok({ list: await accessRequests.listAll(status) });
  });

  app.post(path(CONSOLE_API_PATHS.approveRequest), async (request) => {
    const { id } = parse(approveAccessRequestSchema, request.body);
    const { before, after } = await accessRequests.approve(id, requireUser(request).id);
    await recordChange(app, request, { action: 'admin.request.approve', target: `request:${id}`, before, after });
    return ok(after);
  });

  app.post(path(CONSOLE_API_PATHS.denyRequest), async (request) => {
    const { id, reason } = parse(denyAccessRequestSchema, request.body);
    const { before, after } = await accessRequests.deny(id, requireUser(request).id, reason);
    await recordChange(app, request, { action: 'admin.request.deny', target: `request:${id}`, before, after });
    return ok(after);
  });

  // ---- departments ----

  app.get(path(CONSOLE_API_PATHS.departments), async () => {
    const list = await departments.list();
    return ok({
      list: list.map((d) => ({ key: d.key, provider: d.provider, name: d.name, parent_key: d.parentKey })),
    });
  });

  app.post(path(CONSOLE_API_PATHS.directorySync), async (request) => {
    const { provider } = parse(directorySyncRequestSchema, request.body);
    if (!workplace.get(provider)) throw new AppError(ErrorCode.validation, workplaceErrorMessage.notConfigured);
    const data: DirectorySyncJobData = { provider, requestedBy: requireUser(request).login };
    // The same job as the scheduled one: pressed during a running sync, it follows that one.
    const jobId = await jobs.send(DIRECTORY_SYNC_JOB, data, { singletonKey: directorySyncKey(provider) });
    await recordChange(app, request, { action: 'admin.directory.sync', target: provider, after: { job_id: jobId } });
    return ok(syncJobView((await jobs.get(jobId))!));
  });

  app.get(path(CONSOLE_API_PATHS.directorySyncStatus), async (request) => {
    const { job_id } = parse(directorySyncStatusQuerySchema, request.query);
    const job = await jobs.get(job_id);
    if (!job || job.name !== DIRECTORY_SYNC_JOB) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    return ok(syncJobView(job));
  });

  // ---- rights views ----

  app.get(path(CONSOLE_API_PATHS.userAccess), async (request) => {
    const { user_id } = parse(userAccessQuerySchema, request.query);
    const user = await users.findById(user_id);
    if (!user) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    const [all, rules] = await Promise.all([catalogue.listAll(), rights.rulesFor()]);
    const principal = await rights.principalFor(user);
    return ok({
      list: all.map((a) => {
        const d = explain(principal, a.appKey, rules);
        return { app_key: a.appKey, app_name: a.appName, allowed: d.allowed && a.enabled, rule: d.rule };
      }),
    });
  });

  app.get(path(CONSOLE_API_PATHS.appAccess), async (request) => {
    const { app_key } = parse(appAccessQuerySchema, request.query);
    const [everyone, rules, linked] = await Promise.all([users.list(), rights.rulesFor([app_key]), readLinked(app.db)]);
    const list = everyone.flatMap((u) => {
      const d = explain(rights.principalOf({ ...u, linked: linked.get(u.id) }), app_key, rules);
      return d.allowed
        ? [{ id: u.id, user_name: u.userName, login: u.login, identity: identityOf(u), rule: d.rule }]
        : [];
    });
    return ok({ users: list, rules });
  });

  // ---- apps ----

  app.post(path(CONSOLE_API_PATHS.rotateAppSecret), async (request, reply) => {
    const { app_key } = parse(rotateAppSecretSchema, request.body);
    if (!(await catalogue.listAll()).some((a) => a.appKey === app_key)) {
      throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    }
    const secret = await appSecrets.rotate(app_key);
    // The log records that it happened, never the secret.
    await recordChange(app, request, {
      action: 'admin.app.rotate-secret',
      target: `app:${app_key}`,
      after: { rotated: true },
    });
    reply.header('cache-control', 'no-store');
    return ok({ secret });
  });

  // ---- people ----

  app.post(path(CONSOLE_API_PATHS.setUserDisabled), async (request) => {
    const { user_id, disabled } = parse(setUserDisabledSchema, request.body);
    if (user_id === requireUser(request).id && disabled) {
      throw new AppError(ErrorCode.validation, '不能停用自己的账号');
    }
    const changed = await people.setDisabled(user_id, disabled);
    if (!changed) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    await recordChange(app, request, {
      action: disabled ? 'admin.user.disable' : 'admin.user.enable',
      target: `user:${user_id}`,
      before: { disabled: changed.before.disabled },
      after: { disabled: changed.after.disabled },
    });
    return ok(null);
  });

  app.post(path(CONSOLE_API_PATHS.signOutUser), async (request) => {
    const { user_id } = parse(signOutUserSchema, request.body);
    const revoked = await people.signOutEverywhere(user_id);
    if (revoked === undefined) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    await recordChange(app, request, {
      action: 'admin.user.sign-out',
      target: `user:${user_id}`,
      after: { revoked_sessions: revoked },
    });
    return ok({ revoked });
  });
};

function syncJobView(job: JobStatus): DirectorySyncJobView {
  return {
    job_id: job.id,
    provider: (job.data as DirectorySyncJobData).provider as WorkplaceProvider,
    state: job.state,
    result: job.state === 'done' ? (job.result as DirectorySyncResult) : null,
    error: job.state === 'failed' || job.state === 'cancelled' ? (job.lastError ?? '同步失败') : null,
  };
}

function filterOf(q: { actor?: string; action?: string; from?: string; to?: string }) {
  return {
    actor: q.actor || undefined,
    action: q.action || undefined,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
  };
}

function auditView(r: AuditLog): AuditEntryView {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor_login: r.actorLogin,
    action: r.action,
    target: r.target,
    before: r.before,
    after: r.after,
    ip: r.ip,
    detail: r.detail,
  };
}

export default consoleRoutes;
