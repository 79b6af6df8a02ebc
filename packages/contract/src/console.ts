import { z } from 'zod';
import { appListEntrySchema } from './apps';
import { WORKPLACE_PROVIDERS, plainText } from './workplace';

const appKey = z.string().regex(/^[a-z*][a-z0-9_*-]{0,39}$/, '应用标识不合法');
const id = z.coerce.number().int().positive().max(2_147_483_647);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(200).default(20);

/** Paths of the admin console API (administrators only) beyond ADMIN_API_PATHS. */
export const CONSOLE_API_PATHS = {
  audit: '/api/admin/audit',
  auditExport: '/api/admin/audit/export',
  auditPurge: '/api/admin/audit/purge',
  accessRequests: '/api/admin/access-requests',
  approveRequest: '/api/admin/access-requests/approve',
  denyRequest: '/api/admin/access-requests/deny',
  departments: '/api/admin/departments',
  directorySync: '/api/admin/directory/sync',
  directorySyncStatus: '/api/admin/directory/sync/status',
  appAccess: '/api/admin/rights/app',
  userAccess: '/api/admin/rights/user',
  setUserDisabled: '/api/admin/users/disable',
  signOutUser: '/api/admin/users/sign-out',
  rotateAppSecret: '/api/admin/apps/rotate-secret',
} as const;

// ---- access requests (申请权限) ----

export const accessRequestStatusSchema = z.enum(['pending', 'approved', 'denied']);
export type AccessRequestStatus = z.infer<typeof accessRequestStatusSchema>;

/** `POST /api/app/access-request` */
export const createAccessRequestSchema = z.object({
  app_key: z.string().min(1).max(40),
  reason: plainText(500).default(''),
});
export const accessRequestSchema = z.object({
  id: z.number().int(),
  app_key: z.string(),
  app_name: z.string(),
  reason: z.string(),
  status: accessRequestStatusSchema,
  decision_reason: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** Present in the admin list. */
  user_id: z.number().int().optional(),
  user_name: z.string().optional(),
  login: z.string().optional(),
  /** The requester as a rule names them (`wecom:wangwei`), in the admin list. */
  identity: z.string().optional(),
});
export type AccessRequestView = z.infer<typeof accessRequestSchema>;
/** `GET /api/app/access-requests` (own) and `GET /api/admin/access-requests?status=` */
export const accessRequestListResponseSchema = z.object({ list: z.array(accessRequestSchema) });
export type AccessRequestListResponse = z.infer<typeof accessRequestListResponseSchema>;
export const adminAccessRequestQuerySchema = z.object({ status: accessRequestStatusSchema.optional() });
export const approveAccessRequestSchema = z.object({ id });
export const denyAccessRequestSchema = z.object({ id, reason: plainText(500).default('') });

// ---- audit log ----

export const auditQuerySchema = z.object({
  actor: plainText(200).optional(),
  action: plainText(100).optional(),
  /** ISO date-time bounds, `from` inclusive and `to` exclusive. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page,
  page_size: pageSize,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_login: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  detail: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ list: z.array(auditEntrySchema), total: z.number().int() });
/**
 * `POST /api/admin/audit/purge` (no body): deletes the rows older than the configured retention
 * now, as the daily job does, and records how many in a row of its own. `before` is the cutoff;
 * null, with nothing removed, when the retention is 0 (rows kept forever).
 */
export const auditPurgeResultSchema = z.object({
  removed: z.number().int().nonnegative(),
  before: z.string().nullable(),
  retention_days: z.number().int().nonnegative(),
});
export type AuditPurgeResult = z.infer<typeof auditPurgeResultSchema>;

// ---- departments and directory ----

export const departmentSchema = z.object({
  key: z.string(),
  provider: z.enum(WORKPLACE_PROVIDERS),
  name: z.string(),
  parent_key: z.string(),
});
export type DepartmentView = z.infer<typeof departmentSchema>;
export const departmentListResponseSchema = z.object({ list: z.array(departmentSchema) });
export const directorySyncRequestSchema = z.object({ provider: z.enum(WORKPLACE_PROVIDERS) });
export const directorySyncResponseSchema = z.object({
  provider: z.enum(WORKPLACE_PROVIDERS),
  departments: z.number().int(),
  members: z.number().int(),
  moved: z.number().int(),
});
export type DirectorySyncResult = z.infer<typeof directorySyncResponseSchema>;
/**
 * `POST /api/admin/directory/sync` queues the sync job (or answers the one already queued or
 * running for the provider); `GET /api/admin/directory/sync/status?job_id=` follows it.
 */
export const directorySyncJobSchema = z.object({
  job_id: z.number().int(),
  provider: z.enum(WORKPLACE_PROVIDERS),
  state: z.enum(['queued', 'active', 'done', 'failed', 'cancelled']),
  result: directorySyncResponseSchema.nullable(),
  /** The failure's Chinese message. */
  error: z.string().nullable(),
});
export type DirectorySyncJobView = z.infer<typeof directorySyncJobSchema>;
export const directorySyncStatusQuerySchema = z.object({ job_id: id });

// ---- rights views ----

export const appAccessQuerySchema = z.object({ app_key: appKey });
export const userAccessQuerySchema = z.object({ user_id: id });
/** Which rule decided, so an administrator can see why. */
export const decidingRuleSchema = z.object({
  subject_type: z.enum(['user', 'group', 'department', 'everyone', 'admin']),
  subject: z.string(),
  app_key: z.string(),
  effect: z.enum(['allow', 'deny']),
});
export const userAccessResponseSchema = z.object({
  list: z.array(
    z.object({ app_key: z.string(), app_name: z.string(), allowed: z.boolean(), rule: decidingRuleSchema.nullable() }),
  ),
});
export const appAccessResponseSchema = z.object({
  /** Known people (signed in at least once) who may open the app, with the deciding rule. */
  users: z.array(
    z.object({
      id: z.number().int(),
      user_name: z.string(),
      login: z.string(),
      /** `<provider>:<login>`, so two people with one login in different providers are told apart. */
      identity: z.string().optional(),
      rule: decidingRuleSchema.nullable(),
    }),
  ),
  /** The rules naming this app (or `*`), which also cover people who never signed in. */
  rules: z.array(decidingRuleSchema),
});

// ---- people and apps ----

export const setUserDisabledSchema = z.object({ user_id: id, disabled: z.boolean() });
export const signOutUserSchema = z.object({ user_id: id });
/** `POST /api/admin/apps/rotate-secret`: a new secret for an external app, shown once. */
export const rotateAppSecretSchema = z.object({ app_key: z.string().min(1).max(40) });
export const rotateAppSecretResponseSchema = z.object({ secret: z.string() });

/** `GET /api/admin/apps`: every app, enabled or not. */
export const adminAppListResponseSchema = z.object({
  list: z.array(appListEntrySchema.extend({ enabled: z.boolean(), owners: z.array(z.string()) })),
});
export type AdminAppEntry = z.infer<typeof adminAppListResponseSchema>['list'][number];
