import {
  type DirectorySyncJobView,
  type DirectorySyncResult,
  type WorkplaceProvider,
  ErrorCode,
  ErrorMessage,
  workplaceErrorMessage,
  type AuditEntryView,
  type AuditPurgeResult,
} from '@portal/contract';
import { adminEndpoints } from '@portal/contract/endpoints/admin';
import type { FastifyPluginAsync } from 'fastify';
import type { AuditLog } from '../../../db/schema';
import { AppError } from '../../../errors/app-error';
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
import { serve } from '../../../lib/serve-endpoint';

const EXPORT_LIMIT = 50_000;

/** /api/admin (console): audit log, access requests, departments, rights views, people. Administrators only. */
const consoleRoutes: FastifyPluginAsync = async (app) => {
  const { audit, accessRequests, departments, workplace, jobs, rights, users, catalogue, people, appSecrets } =
    app.services;
  const { auditRetention } = app.services;

  // ---- audit log ----

  serve(app, adminEndpoints.audit, async ({ query: q }) => {
    const { list, total } = await audit.page(filterOf(q), q.page, q.page_size);
    return { list: list.map(auditView), total };
  });

  serve(app, adminEndpoints.auditExport, async ({ query: q, reply, request }) => {
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

  serve(app, adminEndpoints.auditPurge, async ({ request }) => {
    const actor = requireUser(request);
    // The purge writes its own audit row (actor, address, how many, up to when).
    const result = await auditRetention.purge({
      actorId: actor.id,
      actorLogin: actor.login,
      ip: request.ip,
      detail: '手动清理',
    });
    return result satisfies AuditPurgeResult;
  });

  // ---- access requests ----

  serve(app, adminEndpoints.accessRequests, async ({ query }) => {
    const { status } = query;
    return { list: await accessRequests.listAll(status) };
  });

  serve(app, adminEndpoints.approveRequest, async ({ body, request }) => {
    const { id } = body;
    const { before, after } = await accessRequests.approve(id, requireUser(request).id);
    await recordChange(app, request, { action: 'admin.request.approve', target: `request:${id}`, before, after });
    return after;
  });

  serve(app, adminEndpoints.denyRequest, async ({ body, request }) => {
    const { id, reason } = body;
    const { before, after } = await accessRequests.deny(id, requireUser(request).id, reason);
    await recordChange(app, request, { action: 'admin.request.deny', target: `request:${id}`, before, after });
    return after;
  });

  // ---- departments ----

  serve(app, adminEndpoints.departments, async () => {
    const list = await departments.list();
    return {
      // Stored rows hold only providers the directory sync wrote.
      list: list.map((d) => ({
        key: d.key,
        provider: d.provider as WorkplaceProvider,
        name: d.name,
        parent_key: d.parentKey,
      })),
    };
  });

  serve(app, adminEndpoints.directorySync, async ({ body, request }) => {
    const { provider } = body;
    if (!workplace.get(provider)) throw new AppError(ErrorCode.validation, workplaceErrorMessage.notConfigured);
    const data: DirectorySyncJobData = { provider, requestedBy: requireUser(request).login };
    // The same job as the scheduled one: pressed during a running sync, it follows that one.
    const jobId = await jobs.send(DIRECTORY_SYNC_JOB, data, { singletonKey: directorySyncKey(provider) });
    await recordChange(app, request, { action: 'admin.directory.sync', target: provider, after: { job_id: jobId } });
    return syncJobView((await jobs.get(jobId))!);
  });

  serve(app, adminEndpoints.directorySyncStatus, async ({ query }) => {
    const { job_id } = query;
    const job = await jobs.get(job_id);
    if (!job || job.name !== DIRECTORY_SYNC_JOB) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    return syncJobView(job);
  });

  // ---- rights views ----

  serve(app, adminEndpoints.userAccess, async ({ query }) => {
    const { user_id } = query;
    const user = await users.findById(user_id);
    if (!user) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    const [all, rules] = await Promise.all([catalogue.listAll(), rights.rulesFor()]);
    const principal = await rights.principalFor(user);
    return {
      list: all.map((a) => {
        const d = explain(principal, a.appKey, rules);
        return { app_key: a.appKey, app_name: a.appName, allowed: d.allowed && a.enabled, rule: d.rule };
      }),
    };
  });

  serve(app, adminEndpoints.appAccess, async ({ query }) => {
    const { app_key } = query;
    const [everyone, rules, linked] = await Promise.all([users.list(), rights.rulesFor([app_key]), readLinked(app.db)]);
    const list = everyone.flatMap((u) => {
      const d = explain(rights.principalOf({ ...u, linked: linked.get(u.id) }), app_key, rules);
      return d.allowed
        ? [{ id: u.id, user_name: u.userName, login: u.login, identity: identityOf(u), rule: d.rule }]
        : [];
    });
    return { users: list, rules };
  });

  // ---- apps ----

  serve(app, adminEndpoints.rotateAppSecret, async ({ body, reply, request }) => {
    const { app_key } = body;
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
    return { secret };
  });

  // ---- people ----

  serve(app, adminEndpoints.setUserDisabled, async ({ body, request }) => {
    const { user_id, disabled } = body;
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
    return null;
  });

  serve(app, adminEndpoints.signOutUser, async ({ body, request }) => {
    const { user_id } = body;
    const revoked = await people.signOutEverywhere(user_id);
    if (revoked === undefined) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    await recordChange(app, request, {
      action: 'admin.user.sign-out',
      target: `user:${user_id}`,
      after: { revoked_sessions: revoked },
    });
    return { revoked };
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
