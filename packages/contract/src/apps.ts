import { z } from 'zod';
import { TYPE_TAGS } from './modules';

export const typeTagSchema = z.enum(TYPE_TAGS);

/** One catalogue entry as the config file and the admin API define it. */
export const appDefinitionSchema = z.object({
  app_key: z.string().regex(/^[a-z][a-z0-9_-]{1,39}$/, '只能包含小写字母、数字、下划线和连字符'),
  app_name: z.string().min(1).max(60),
  app_icon: z.string().max(500).default(''),
  app_url: z.string().max(500),
  description: z.string().max(500).default(''),
  type_tags: z.array(typeTagSchema).default([]),
  scene_tags: z.array(z.string().min(1).max(20)).default([]),
  order: z.number().int().default(0),
  enabled: z.boolean().default(true),
  /** The app's owners named by provider as rules name people (`wecom:wangwei`; bare: OIDC login or subject). */
  owners: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
});
export type AppDefinition = z.infer<typeof appDefinitionSchema>;

/** An entry of account_info.app_list (section 3) plus display fields the catalogue needs. */
export const appListEntrySchema = z.object({
  id: z.number().int(),
  app_key: z.string(),
  app_name: z.string(),
  app_icon: z.string(),
  app_url: z.string(),
  description: z.string(),
  be_authorized: z.boolean(),
  type_tags: z.array(z.string()),
  scene_tags: z.array(z.string()),
  order: z.number().int(),
});
export type AppListEntry = z.infer<typeof appListEntrySchema>;

export const appListResponseSchema = z.object({ list: z.array(appListEntrySchema) });
export type AppListResponse = z.infer<typeof appListResponseSchema>;

export const appDetailQuerySchema = z.object({ app_key: z.string().min(1).max(40) });
export type AppDetailQuery = z.infer<typeof appDetailQuerySchema>;
export type AppDetailResponse = AppListEntry;

/** `GET /api/studio/get_token_key?app_key=` (also the internal action common/getTokenKey). */
export const tokenKeyQuerySchema = z.object({ app_key: z.string().min(1).max(40) });
export const tokenKeyResponseSchema = z.object({ token_key: z.string(), expires_in: z.number().int() });
export type TokenKeyResponse = z.infer<typeof tokenKeyResponseSchema>;

/** `GET /api/user/getJumpCode?app_key=` — same one-time-code mechanism. */
export const jumpCodeQuerySchema = z.object({ app_key: z.string().min(1).max(40) });
export const jumpCodeResponseSchema = z.object({ code: z.string(), expires_in: z.number().int() });
export type JumpCodeResponse = z.infer<typeof jumpCodeResponseSchema>;

/**
 * Server-to-server: an external app redeems a one-time code for the user's identity.
 * Authenticated by `Authorization: Bearer <app secret>`; `app_key` names the app.
 */
export const redeemCodeRequestSchema = z.object({
  app_key: z.string().min(1).max(40),
  code: z.string().min(1).max(200),
});
export type RedeemCodeRequest = z.infer<typeof redeemCodeRequestSchema>;
export const redeemCodeResponseSchema = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  mobile: z.string(),
  email: z.string(),
  avatar: z.string(),
  app_key: z.string(),
});
export type RedeemCodeResponse = z.infer<typeof redeemCodeResponseSchema>;
