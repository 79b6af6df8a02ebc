import { z } from 'zod';
import { WORKPLACE_PROVIDERS } from './workplace';

/** Where an account signs in: the company OIDC (the built-in demo provider counts as OIDC) or a workplace suite. */
export const IDENTITY_PROVIDERS = ['oidc', ...WORKPLACE_PROVIDERS] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];

/**
 * A person as rules, the admin list and app owners name them: `<provider>:<id>` (`wecom:wangwei`,
 * `feishu:ou_x`, `oidc:wangwei`). A name without a known provider prefix is an OIDC name, so the
 * bare `wangwei` is `oidc:wangwei` and never a workplace account of the same id.
 */
export function canonicalPersonName(name: string): string {
  const colon = name.indexOf(':');
  const prefix = colon > 0 ? name.slice(0, colon) : '';
  return (IDENTITY_PROVIDERS as readonly string[]).includes(prefix) ? name : `oidc:${name}`;
}

/** Linking accounts of one person across providers: administrators only, audited. */
export const IDENTITY_API_PATHS = {
  link: '/api/admin/users/link',
  unlink: '/api/admin/users/unlink',
} as const;

const userId = z.coerce.number().int().positive().max(2_147_483_647);

/** `POST /api/admin/users/link`: the two accounts (and whatever each is already linked to) become one person. */
export const linkAccountsSchema = z
  .object({ user_id: userId, other_user_id: userId })
  .refine((v) => v.user_id !== v.other_user_id, { message: '不能把账号关联到它自己', path: ['other_user_id'] });
/** `POST /api/admin/users/unlink`: the account stands alone again; the others stay linked. */
export const unlinkAccountSchema = z.object({ user_id: userId });

export const linkedAccountSchema = z.object({
  id: z.number().int(),
  /** `<provider>:<login>`, as a rule would name the account. */
  identity: z.string(),
  user_name: z.string(),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;
/** Every account of the person after the change (one account: not linked). */
export const linkedAccountsResponseSchema = z.object({ accounts: z.array(linkedAccountSchema) });
export type LinkedAccountsResponse = z.infer<typeof linkedAccountsResponseSchema>;
