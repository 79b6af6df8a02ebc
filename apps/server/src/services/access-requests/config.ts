import { z } from 'zod';

/** A group bot that hears about new access requests. The webhook URL holds a key, so it comes from the environment. */
export const botWebhookSchema = z.object({
  kind: z.enum(['wecom', 'feishu', 'dingtalk']),
  url_env: z.string().regex(/^[A-Z_][A-Z0-9_]*$/, '应为环境变量名（大写字母、数字、下划线）'),
});

export const accessRequestsConfigSchema = z.object({
  /** Pending requests one person may have open at once. */
  max_pending_per_user: z.number().int().min(1).max(100).default(10),
  bots: z.array(botWebhookSchema).default([]),
  /** Where the bot message's link points: the console's requests tab. */
  console_path: z.string().default('/admin?tab=requests'),
});
export type AccessRequestsConfig = z.infer<typeof accessRequestsConfigSchema>;
export type BotWebhook = z.infer<typeof botWebhookSchema>;
