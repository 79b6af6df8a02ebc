import { z } from 'zod';

/** Secrets never sit in the config file: each entry names the environment variable holding it. */
const envName = z.string().regex(/^[A-Z_][A-Z0-9_]*$/, '应为环境变量名（大写字母、数字、下划线）');
const base = (fallback: string) => z.string().url().default(fallback);

/**
 * WeCom (企业微信) self-built app: corp id, agent id and the app's secret. The hosts are settings so
 * a private deployment or a test can point them elsewhere.
 */
export const wecomConfigSchema = z.object({
  corp_id: z.string().min(1),
  agent_id: z.string().min(1),
  secret_env: envName,
  /** Server API (gettoken, auth/getuserinfo, user/get, department/list, user/list). */
  api_base: base('https://qyapi.weixin.qq.com'),
  /** The web login page with the QR code. */
  login_base: base('https://login.work.weixin.qq.com'),
  /** The OAuth2 authorize page used inside the WeCom client. */
  oauth_base: base('https://open.weixin.qq.com'),
  /** Root department the directory sync starts from (1 is the company). */
  root_department: z.string().min(1).default('1'),
});

/** Feishu (飞书) or Lark custom app; Lark uses open.larksuite.com / accounts.larksuite.com. */
export const feishuConfigSchema = z.object({
  app_id: z.string().min(1),
  secret_env: envName,
  api_base: base('https://open.feishu.cn'),
  accounts_base: base('https://accounts.feishu.cn'),
  /** Shown on the login button: 飞书 or Lark. */
  label: z.string().min(1).max(20).default('飞书'),
});

/** DingTalk (钉钉) internal app: its AppKey (client id) and AppSecret. */
export const dingtalkConfigSchema = z.object({
  client_id: z.string().min(1),
  secret_env: envName,
  /** The OAuth 2 login page (QR code in a browser, silent inside the DingTalk client). */
  login_base: base('https://login.dingtalk.com'),
  /** The new API (v1.0/oauth2/userAccessToken, v1.0/contact/users/me, v1.0/oauth2/accessToken). */
  api_base: base('https://api.dingtalk.com'),
  /** The older API the directory still lives on (topapi/v2/user/get, topapi/v2/department/listsub). */
  oapi_base: base('https://oapi.dingtalk.com'),
  root_department: z.string().min(1).default('1'),
});

export const workplaceProvidersConfigSchema = z.object({
  wecom: wecomConfigSchema.optional(),
  feishu: feishuConfigSchema.optional(),
  dingtalk: dingtalkConfigSchema.optional(),
  /** Provider calls give up after this long, so an outage becomes a clear message, not a hang. */
  timeout_ms: z.number().int().min(100).max(60_000).default(8000),
});
export type WorkplaceProvidersConfig = z.infer<typeof workplaceProvidersConfigSchema>;
export type WecomConfig = z.infer<typeof wecomConfigSchema>;
export type FeishuConfig = z.infer<typeof feishuConfigSchema>;
export type DingtalkConfig = z.infer<typeof dingtalkConfigSchema>;

/**
 * Origins of the providers' login pages. The login page frames the WeCom and DingTalk QR pages,
 * so the CSP's frame-src lists them (an http host only appears in tests and private setups).
 */
export function workplaceFrameOrigins(cfg: WorkplaceProvidersConfig): string[] {
  const urls = [cfg.wecom?.login_base, cfg.wecom?.oauth_base, cfg.feishu?.accounts_base, cfg.dingtalk?.login_base];
  return [...new Set(urls.filter((u): u is string => !!u).map((u) => new URL(u).origin))];
}
