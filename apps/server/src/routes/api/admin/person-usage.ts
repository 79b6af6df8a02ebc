import {
  CHAT_MODULES,
  SESSION_MODULES,
  ErrorCode,
  ErrorMessage,
  PERSON_USAGE_API_PATH,
  PERSON_USAGE_DAYS,
  personUsageQuerySchema,
  type ModuleUsage,
  type PersonUsage,
} from '@portal/contract';
import { and, eq, gte } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { chatUsage } from '../../../db/schema';
import { AppError } from '../../../errors/app-error';
import { ok } from '../../../lib/envelope';
import { parse } from '../../../lib/validate';
import { chatUsageDefaults } from '../../../modules/chat/config';
import { marketingUsageDefaults } from '../../../modules/marketing/config';
import { reportUsageDefaults } from '../../../modules/report/config';
import { sessionsUsageDefaults } from '../../../modules/sessions/config';
import { UsageService } from '../../../services/usage';

const PREFIX = '/api/admin';
const DAY_MS = 86_400_000;

/**
 * /api/admin/users/usage: one person's asks per counted module, with the limit and the rule that
 * decides it. The counting services are the ones that enforce the quotas, so what the console
 * shows is what the next ask meets. Administrators only.
 */
const personUsageRoutes: FastifyPluginAsync = async (app) => {
  const { users, quotas } = app.services;
  const chat = new UsageService(app.db, chatUsageDefaults(app.portalConfig.chat), quotas);
  const marketing = new UsageService(app.db, marketingUsageDefaults(app.portalConfig.marketing), quotas);
  const tools = new UsageService(app.db, sessionsUsageDefaults(app.portalConfig.sessions), quotas);
  const reports = new UsageService(app.db, reportUsageDefaults(app.portalConfig.report), quotas);
  /** Every counted module with the service that enforces its quota. */
  const counted = [
    ...CHAT_MODULES.map((module) => ({ module, usage: chat })),
    ...SESSION_MODULES.map((module) => ({ module, usage: tools })),
    { module: 'report' as const, usage: reports },
    { module: 'marketing' as const, usage: marketing },
  ];
  // Days are the portal's local days, the same offset the chat windows start at.
  const offsetMs = app.portalConfig.chat.quota_utc_offset_minutes * 60_000;

  app.get(PERSON_USAGE_API_PATH.slice(PREFIX.length), async (request) => {
    const { user_id } = parse(personUsageQuerySchema, request.query);
    if (!(await users.findById(user_id))) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
    const now = Date.now();

    const modules: ModuleUsage[] = [];
    for (const { module, usage } of counted) {
      const q = await usage.effective(user_id, module, app.db, now);
      modules.push({
        module,
        used: await usage.used(user_id, module, q.window.start),
        limit: q.limit,
        source: q.rule ? 'rule' : 'config',
        rule: q.rule ?? null,
        period: q.period ?? null,
        window_start: q.window.start.toISOString(),
        resets_at: q.window.end.toISOString(),
      });
    }

    return ok<PersonUsage>({ modules, days: await dailyCounts(user_id, now) });
  });

  /** Asks per local day and module over the last days, oldest first, empty days included. */
  async function dailyCounts(userId: number, now: number): Promise<PersonUsage['days']> {
    const today = Math.floor((now + offsetMs) / DAY_MS) * DAY_MS;
    const first = today - (PERSON_USAGE_DAYS - 1) * DAY_MS;
    const rows = await app.db
      .select({ module: chatUsage.module, createdAt: chatUsage.createdAt })
      .from(chatUsage)
      .where(and(eq(chatUsage.userId, userId), gte(chatUsage.createdAt, new Date(first - offsetMs))));
    const days = Array.from({ length: PERSON_USAGE_DAYS }, (_, i) => ({
      date: new Date(first + i * DAY_MS).toISOString().slice(0, 10),
      counts: {} as Record<string, number>,
    }));
    for (const r of rows) {
      const day = days[Math.floor((r.createdAt.getTime() + offsetMs - first) / DAY_MS)];
      if (day) day.counts[r.module] = (day.counts[r.module] ?? 0) + 1;
    }
    return days;
  }
};

export default personUsageRoutes;
