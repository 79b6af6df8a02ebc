import { ErrorCode, ErrorMessage, type AccessRequestView } from '@portal/contract';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accessRequests, apps, users, type AccessRequest, type User } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import type { CatalogueService } from '../catalogue/catalogue-service';
import type { NoticeService } from '../notices/notice-service';
import type { RightsService } from '../rights/rights-service';
import { accountsNamed, identityOf, ruleNameOf } from '../users/identity';
import { notifyBots, type NotifyLogger } from './bot-notifier';
import type { AccessRequestsConfig } from './config';

export const accessRequestMessage = {
  alreadyAllowed: '您已有该应用的权限，无需申请',
  tooMany: '待处理的申请过多，请等待管理员处理',
  notPending: '该申请已处理',
} as const;

type Row = {
  request: AccessRequest;
  appName: string | null;
  userName: string | null;
  login: string | null;
  provider?: User['provider'] | null;
  subject?: string | null;
};

/**
 * Requests for an app (申请权限). Approving writes a `user` rule for the requester's subject (by provider)
 * through RightsService, which moves the requester's rights version: their next call answers
 * 1004, the client refreshes, and the new token opens the app.
 */
export class AccessRequestService {
  constructor(
    private readonly db: Db,
    private readonly rights: RightsService,
    private readonly catalogue: CatalogueService,
    private readonly notices: NoticeService,
    private readonly cfg: AccessRequestsConfig,
  ) {}

  async create(user: User, appKey: string, reason: string, log: NotifyLogger): Promise<AccessRequestView> {
    const entry = await this.catalogue.entryFor(await this.rights.principalFor(user), appKey);
    if (!entry) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    if (entry.be_authorized) throw new AppError(ErrorCode.validation, accessRequestMessage.alreadyAllowed);
    const pending = await this.db
      .select()
      .from(accessRequests)
      .where(and(eq(accessRequests.userId, user.id), eq(accessRequests.status, 'pending')));
    const same = pending.find((r) => r.appKey === appKey);
    if (same) return view({ request: same, appName: entry.app_name, userName: null, login: null });
    if (pending.length >= this.cfg.max_pending_per_user) {
      throw new AppError(ErrorCode.rateLimited, accessRequestMessage.tooMany);
    }
    const [row] = await this.db.insert(accessRequests).values({ userId: user.id, appKey, reason }).returning();
    if (!row) throw new Error('access request insert returned nothing');
    const requester = user.userName || user.login;
    const owners = await this.ownersOf(appKey);
    await this.notices.add(
      owners.filter((o) => o.id !== user.id).map((o) => o.id),
      {
        kind: 'access_request.new',
        title: `${requester} 申请使用「${entry.app_name}」`,
        body: reason ? `理由：${reason}` : '',
        link: this.cfg.console_path,
      },
    );
    if (this.cfg.bots.length > 0) {
      const ownerLine = owners.length > 0 ? `\n应用负责人：${owners.map((o) => o.userName || o.login).join('、')}` : '';
      const text = `【AI 门户】${requester} 申请使用「${entry.app_name}」${reason ? `：${reason}` : ''}${ownerLine}\n请到管理后台处理：${this.cfg.console_path}`;
      // The request is stored either way; the bot is a courtesy and must not slow the answer.
      void notifyBots(this.cfg.bots, text, log);
    }
    return view({ request: row, appName: entry.app_name, userName: null, login: null });
  }

  async listMine(userId: number): Promise<AccessRequestView[]> {
    const rows = await this.select()
      .where(eq(accessRequests.userId, userId))
      .orderBy(desc(accessRequests.id))
      .limit(100);
    return rows.map((r) => view(r, false));
  }

  async listAll(status?: AccessRequest['status']): Promise<AccessRequestView[]> {
    const q = this.select();
    const rows = await (status ? q.where(eq(accessRequests.status, status)) : q)
      .orderBy(desc(accessRequests.id))
      .limit(500);
    return rows.map((r) => view(r, true));
  }

  /** Returns the request before and after, for the audit log. */
  async approve(id: number, adminId: number): Promise<{ before: AccessRequestView; after: AccessRequestView }> {
    return this.decide(id, adminId, 'approved', '', async (request) => {
      const requester = (await this.db.select().from(users).where(eq(users.id, request.userId)))[0];
      if (!requester) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
      await this.rights.setRule({
        subject_type: 'user',
        subject: ruleNameOf(requester),
        app_key: request.appKey,
        effect: 'allow',
      });
    });
  }

  async deny(id: number, adminId: number, reason: string) {
    return this.decide(id, adminId, 'denied', reason, async () => {});
  }

  private async decide(
    id: number,
    adminId: number,
    status: 'approved' | 'denied',
    reason: string,
    effect: (request: AccessRequest) => Promise<void>,
  ): Promise<{ before: AccessRequestView; after: AccessRequestView }> {
    const before = (await this.select().where(eq(accessRequests.id, id)))[0];
    if (!before) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    if (before.request.status !== 'pending') throw new AppError(ErrorCode.validation, accessRequestMessage.notPending);
    // Claim the request first, so two administrators answering at once cannot both act on it.
    const claimed = await this.db
      .update(accessRequests)
      .set({ status, decidedBy: adminId, decisionReason: reason, decidedAt: sql`now()` })
      .where(and(eq(accessRequests.id, id), eq(accessRequests.status, 'pending')))
      .returning();
    if (claimed.length === 0) throw new AppError(ErrorCode.validation, accessRequestMessage.notPending);
    await effect(before.request);
    const after = (await this.select().where(eq(accessRequests.id, id)))[0] ?? before;
    const appName = after.appName ?? after.request.appKey;
    await this.notices.add([before.request.userId], {
      kind: status === 'approved' ? 'access_request.approved' : 'access_request.denied',
      title: status === 'approved' ? `「${appName}」的使用申请已通过` : `「${appName}」的使用申请未通过`,
      body: status === 'approved' ? '现在可以打开该应用了' : reason ? `原因：${reason}` : '管理员未填写原因',
      link: `/landing?appKey=${encodeURIComponent(before.request.appKey)}`,
    });
    return { before: view(before, true), after: view(after, true) };
  }

  /** The signed-in-before people the app names as owners, by provider as rules name them. */
  private async ownersOf(appKey: string): Promise<User[]> {
    const [row] = await this.db.select({ owners: apps.owners }).from(apps).where(eq(apps.appKey, appKey));
    const names = row?.owners ?? [];
    if (names.length === 0) return [];
    return this.db
      .select()
      .from(users)
      .where(and(eq(users.disabled, false), or(...names.map(accountsNamed))));
  }

  private select() {
    return this.db
      .select({
        request: accessRequests,
        appName: apps.appName,
        userName: users.userName,
        login: users.login,
        provider: users.provider,
        subject: users.subject,
      })
      .from(accessRequests)
      .leftJoin(apps, eq(apps.appKey, accessRequests.appKey))
      .leftJoin(users, eq(users.id, accessRequests.userId))
      .$dynamic();
  }
}

function view(row: Row, withUser = false): AccessRequestView {
  const r = row.request;
  return {
    id: r.id,
    app_key: r.appKey,
    app_name: row.appName ?? r.appKey,
    reason: r.reason,
    status: r.status,
    decision_reason: r.decisionReason,
    created_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt ? r.decidedAt.toISOString() : null,
    ...(withUser
      ? {
          user_id: r.userId,
          user_name: row.userName ?? '',
          login: row.login ?? '',
          identity: row.provider
            ? identityOf({ provider: row.provider, subject: row.subject ?? '', login: row.login ?? '' })
            : '',
        }
      : {}),
  };
}
