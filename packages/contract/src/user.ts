import { z } from 'zod';
import { appListEntrySchema } from './apps';

export const accountInfoSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  mobile: z.string(),
  email: z.string(),
  avatar: z.string(),
  is_admin: z.boolean(),
  app_list: z.array(appListEntrySchema),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

export const tokenSchema = z.object({
  token: z.string(),
  /** Epoch milliseconds. */
  expire_at: z.number().int(),
});
export type Token = z.infer<typeof tokenSchema>;

/** `GET /api/user/authorize?from=` → the provider's authorize URL (PKCE, state, nonce kept server-side). */
export const authorizeQuerySchema = z.object({
  from: z.string().max(2000).optional(),
  /** `login` after an explicit sign-out, so the provider asks for the password again. */
  prompt: z.enum(['login']).optional(),
});
export const authorizeResponseSchema = z.object({ url: z.string() });
export type AuthorizeResponse = z.infer<typeof authorizeResponseSchema>;

/** `POST /api/user/login` */
export const loginRequestSchema = z.object({ code: z.string().min(1).max(2000), state: z.string().min(1).max(200) });
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  access_token: tokenSchema,
  refresh_token: tokenSchema,
  account_info: accountInfoSchema,
  /** Where to go next: the `from` target if it passed the allowlist, otherwise `/home`. */
  redirect: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `POST /api/user/refreshToken` */
export const refreshRequestSchema = z.object({
  refresh_token: z.string().min(1).max(200),
  is_update_cache: z.boolean().optional(),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;
export const refreshResponseSchema = z.object({
  access_token: tokenSchema,
  refresh_token: tokenSchema,
  account_info: accountInfoSchema.optional(),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** `POST /api/user/logout` */
export const logoutRequestSchema = z.object({ refresh_token: z.string().min(1).max(200) });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

/** `GET /api/user/info` */
export const userInfoResponseSchema = z.object({ account_info: accountInfoSchema });
export type UserInfoResponse = z.infer<typeof userInfoResponseSchema>;

/** The local-storage shape of section 3. */
export interface StoredUserInfo {
  access_token: { token: string; expire_at?: number };
  refresh_token: { token: string; expire_at?: number };
  account_info: AccountInfo;
}
