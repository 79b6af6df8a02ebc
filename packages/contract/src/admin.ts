import { z } from 'zod';
import { appDefinitionSchema } from './apps';

/** Admin API: change the catalogue and who may open what. Administrators only. */
export const adminUpsertAppRequestSchema = appDefinitionSchema;
export const adminDeleteAppRequestSchema = z.object({ app_key: z.string().min(1).max(40) });

/**
 * A grant/deny rule. `subject_type` user matches the SSO subject or login name; group matches a
 * group/department claim; `*` everyone. Deny beats allow at the same level; user overrides beat groups.
 */
export const accessRuleSchema = z.object({
  subject_type: z.enum(['user', 'group', 'everyone']),
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
});
export const adminUserListResponseSchema = z.object({ list: z.array(adminUserSchema) });
