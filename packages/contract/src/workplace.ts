import { z } from 'zod';

/** Workplace suites the portal signs people in with, next to generic OIDC. */
export const WORKPLACE_PROVIDERS = ['wecom', 'feishu', 'dingtalk'] as const;
export type WorkplaceProvider = (typeof WORKPLACE_PROVIDERS)[number];

export const workplaceProviderLabel: Record<WorkplaceProvider, string> = {
  wecom: '企业微信',
  feishu: '飞书',
  dingtalk: '钉钉',
};

/**
 * How the login page reaches the provider: `web` is the provider's web login page (a QR code for
 * WeCom and DingTalk), `client` the in-client authorize URL that signs in without a click.
 */
export const authorizeModeSchema = z.enum(['web', 'client']);
export type AuthorizeMode = z.infer<typeof authorizeModeSchema>;

/** Extra query fields of `GET /api/user/authorize` when a workplace provider is chosen. */
export const workplaceAuthorizeQuerySchema = z.object({
  provider: z.enum(WORKPLACE_PROVIDERS).optional(),
  mode: authorizeModeSchema.optional(),
});

/** `GET /api/user/providers` (public): what the login page may offer. */
export const signInProviderSchema = z.object({
  name: z.enum(WORKPLACE_PROVIDERS),
  label: z.string(),
  /** The provider's web login can be shown as a QR panel in an iframe. */
  qr: z.boolean(),
});
export type SignInProvider = z.infer<typeof signInProviderSchema>;
export const signInProvidersResponseSchema = z.object({
  /** The company OIDC, or the built-in provider; false when only workplace providers are configured. */
  oidc: z.boolean(),
  list: z.array(signInProviderSchema),
});
export type SignInProvidersResponse = z.infer<typeof signInProvidersResponseSchema>;

/** Provider failures as the login page shows them. */
export const workplaceErrorMessage = {
  codeInvalid: (label: string) => `${label}授权已过期或已使用，请重新登录`,
  unavailable: (label: string) => `${label}暂时无法连接，请稍后重试`,
  misconfigured: (label: string) => `${label}登录配置有误，请联系管理员`,
  denied: (label: string) => `${label}未授权本应用读取您的身份，请联系管理员`,
  notConfigured: '该登录方式未启用',
} as const;

/** The department id a rule names: `<provider>:<the provider's own department id>`. */
export const departmentKeySchema = z
  .string()
  .min(3)
  .max(200)
  .refine((v) => !v.includes('\u0000'), '不能包含空字符')
  .refine((v) => WORKPLACE_PROVIDERS.some((p) => v.startsWith(`${p}:`)), '部门编号格式应为 提供方:部门ID');

/** Free text from a person (reasons, search words): bounded and without NUL bytes. */
export function plainText(max: number) {
  return z
    .string()
    .max(max)
    .refine((v) => !v.includes('\u0000'), '不能包含空字符');
}
