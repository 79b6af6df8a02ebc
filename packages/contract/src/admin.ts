import { z } from 'zod';
import { appDefinitionSchema } from './apps';
import { IDENTITY_PROVIDERS } from './identity';

/** Admin API: change the catalogue and who may open what. Administrators only. */
export const adminUpsertAppRequestSchema = appDefinitionSchema;
export const adminDeleteAppRequestSchema = z.object({ app_key: z.string().min(1).max(40) });

/**
 * A grant/deny rule. `subject_type` user names a person by provider (`wecom:wangwei`,
 * `oidc:wangwei`; a bare name is the OIDC login or subject, see identity.ts); group matches a
 * group/department claim; department a synced department key (`wecom:2`) and every department
 * below it; `*` everyone. Deny beats allow at the same level; user beats group beats department.
 */
export const accessRuleSchema = z.object({
  subject_type: z.enum(['user', 'group', 'department', 'everyone']),
  subject: z.string().max(200).default('*'),
  app_key: z.string().min(1).max(40),
  effect: z.enum(['allow', 'deny']),
});
export type AccessRule = z.infer<typeof accessRuleSchema>;

export const adminSetRuleRequestSchema = accessRuleSchema;
export const adminDeleteRuleRequestSchema = accessRuleSchema.omit({ effect: true });
export const adminRuleListResponseSchema = z.object({
  list: z.array(accessRuleSchema.extend({ id: z.number().int() })),
});

export const adminUserSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  user_name: z.string(),
  email: z.string(),
  groups: z.array(z.string()),
  is_admin: z.boolean(),
  login: z.string().optional(),
  departments: z.array(z.string()).optional(),
  disabled: z.boolean().optional(),
  last_login_at: z.string().optional(),
  /** Where the account signs in (`oidc`, `wecom`, `feishu`, `dingtalk`). */
  provider: z.enum(IDENTITY_PROVIDERS).optional(),
  /** `<provider>:<login>`, as a rule or the admin list names the account. */
  identity: z.string().optional(),
  /** Ids of the other accounts linked to this one as the same person. */
  linked_user_ids: z.array(z.number().int()).optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
/** `GET /api/admin/users?q=`: search by login, name, email, mobile or subject. */
export const adminUserQuerySchema = z.object({
  q: z
    .string()
    .max(100)
    .refine((v) => !v.includes('\u0000'), '不能包含空字符')
    .optional(),
});
export const adminUserListResponseSchema = z.object({ list: z.array(adminUserSchema) });
