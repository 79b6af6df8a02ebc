import { accessRuleSchema, appDefinitionSchema } from '@portal/contract';
import { z } from 'zod';
import { answersConfigSchema } from '../services/answers/config';
import { jobsConfigSchema } from '../services/jobs/config';
import { imageProxyConfigSchema } from '../services/image-proxy/config';
import { llmConfigSchema } from '../services/llm';
import { storageConfigSchema } from '../services/storage/config';
import { documentsConfigSchema } from '../services/documents/config';
import { workplaceProvidersConfigSchema } from '../services/auth/providers/config';
import { accessRequestsConfigSchema } from '../services/access-requests/config';
import { directorySyncConfigSchema } from '../services/departments/config';
import { codesConfigSchema } from '../services/codes/config';
import { auditConfigSchema } from '../services/audit/config';
import { isLoopbackHost } from './loopback';
import { loginThrottleConfigSchema } from '../oidc/config';
import type { ModuleSettings } from '../modules/config-section';

export const configAppSchema = appDefinitionSchema.extend({
  /** Shared with an external app so it can redeem one-time codes server-to-server. */
  secret: z.string().min(16, '至少 16 个字符').optional(),
});
export type ConfigApp = z.infer<typeof configAppSchema>;

export const demoAccountSchema = z.object({
  login: z.string().min(1).max(60),
  password: z.string().min(1).max(200),
  name: z.string().min(1).max(60),
  email: z.string().max(200).default(''),
  mobile: z.string().max(40).default(''),
  avatar: z.string().max(500).default(''),
  groups: z.array(z.string().min(1)).default([]),
  department: z.string().default(''),
});
export type DemoAccount = z.infer<typeof demoAccountSchema>;

function httpsOrLoopback(url: string): boolean {
  if (!URL.canParse(url)) return true; // reported by .url()
  const parsed = new URL(url);
  return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname));
}

export const ssoSchema = z.object({
  /**
   * Empty: the built-in identity provider at /oidc signs people in with the demo accounts. Plain
   * http is refused beyond loopback: discovery, keys and tokens would travel unprotected.
   */
  issuer: z
    .string()
    .url()
    .refine(httpsOrLoopback, '须为 https:// 地址（http:// 仅限 localhost、127.0.0.1、::1）')
    .optional(),
  client_id: z.string().min(1).default('portal'),
  client_secret: z.string().optional(),
  scopes: z.array(z.string()).default(['openid', 'profile', 'email', 'phone', 'groups']),
  claims: z
    .object({
      login: z.string().default('preferred_username'),
      name: z.string().default('name'),
      email: z.string().default('email'),
      mobile: z.string().default('phone_number'),
      avatar: z.string().default('picture'),
      groups: z.string().default('groups'),
      department: z.string().default('department'),
    })
    .prefault({}),
  /** WeCom, Feishu/Lark and DingTalk sign-in next to OIDC; see services/auth/providers. */
  providers: workplaceProvidersConfigSchema.prefault({}),
  /**
   * Break-glass: keeps the built-in provider and its demo accounts next to WeCom / Feishu /
   * DingTalk (never next to an issuer); the start is refused while they have the example passwords.
   */
  builtin_break_glass: z.boolean().default(false),
});
export type SsoConfig = z.infer<typeof ssoSchema>;

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The configuration file's shared settings. Each module's section joins them under its key where
 * the file is checked (portal-config-schema.ts, from the module registry): the registry leads to
 * the modules' code, which reads PortalConfig from here, so importing it here would close an
 * import cycle (test/structure/import-cycles.test.ts).
 */
export const sharedConfigSchema = z.looseObject({
  title: z.string().min(1).default('AI 门户'),
  apps: z.array(configAppSchema).default([]),
  access_rules: z.array(accessRuleSchema).default([]),
  admins: z.object({ users: z.array(z.string()).default([]), groups: z.array(z.string()).default([]) }).prefault({}),
  sso: ssoSchema.prefault({}),
  demo_accounts: z.array(demoAccountSchema).default([]),
  /** Wrong passwords on the built-in provider's sign-in form: limits per account and address, locks. */
  login_throttle: loginThrottleConfigSchema.prefault({}),
  tokens: z
    .object({
      access_ttl_seconds: z.number().int().min(10).max(86_400).default(900),
      refresh_ttl_seconds: z
        .number()
        .int()
        .min(60)
        .default(30 * 86_400),
    })
    .prefault({}),
  analytics: z
    .object({
      auto_finish_delay: z.record(z.string(), z.number().int().nonnegative()).default({}),
      /** Raw events older than this are deleted; the daily rollups are kept. */
      retention_days: z.number().int().min(1).max(3650).default(180),
      /** Time zone whose calendar days the rollups and the dashboard's date range use. */
      timezone: z.string().min(1).refine(isTimeZone, '未知时区').default('Asia/Shanghai'),
      /**
       * Ingest batches per minute per client: the signed-in user when the batch carries a valid
       * access token, else the client address (never a body field, which a client could rotate).
       */
      rate_limit_per_minute: z.number().int().min(1).default(120),
      /** Anonymous batches per minute per client address (an office behind one NAT shares it). */
      address_rate_limit_per_minute: z.number().int().min(1).default(600),
      /** The global budget: rows stored per minute and per day across all clients (and replicas, with Redis). */
      ingest_rows_per_minute: z.number().int().min(1).default(30_000),
      ingest_rows_per_day: z.number().int().min(1).default(2_000_000),
      /** Rows (events, not batches) per minute per signed-in user, and per address for anonymous batches. */
      user_rows_per_minute: z.number().int().min(1).default(2_000),
      address_rows_per_minute: z.number().int().min(1).default(3_000),
      /** The part of the global budget anonymous batches may use; the rest stays for signed-in users. */
      anonymous_budget_share: z.number().min(0).max(1).default(0.5),
      /** Distinct custom event names (detail.key) one app may introduce per day. */
      max_event_names_per_app_day: z.number().int().min(1).default(500),
      /** Ingest statements running at once, and batches allowed to wait for one before 429. */
      ingest_concurrency: z.number().int().min(1).default(2),
      ingest_queue: z.number().int().min(0).default(64),
      /** How often pending days are rolled up; 0 leaves it to the on-demand endpoint. */
      rollup_interval_seconds: z.number().int().min(0).default(60),
      /** App keys allowed to report besides the catalogue's (the portal itself). */
      app_keys: z.array(z.string().min(1)).default(['portal']),
    })
    .prefault({}),
  /** Model providers; without any, every chat module answers with the built-in demo model. */
  providers: llmConfigSchema.prefault({}),
  answers: answersConfigSchema.prefault({}),
  jobs: jobsConfigSchema.prefault({}),
  image_proxy: imageProxyConfigSchema.prefault({}),
  /** Uploaded files: a folder under DATA_DIR, or an S3-compatible store. */
  storage: storageConfigSchema.prefault({}),
  /** The document pipeline (parsing, chunks, retrieval) of the session tools and reports. */
  documents: documentsConfigSchema.prefault({}),
  /** 申请权限: limits and optional WeCom / Feishu / DingTalk group bots. */
  access_requests: accessRequestsConfigSchema.prefault({}),
  /** Scheduled pulls of the workplace directories (departments and members). */
  directory_sync: directorySyncConfigSchema.prefault({}),
  /** Rate limits of the one-time codes handed to external apps. */
  codes: codesConfigSchema.prefault({}),
  /** How long the audit log is kept. */
  audit: auditConfigSchema.prefault({}),
});

/** The whole configuration: the shared settings and each module's, as the module declares them. */
export type PortalConfig = z.infer<typeof sharedConfigSchema> & ModuleSettings;
