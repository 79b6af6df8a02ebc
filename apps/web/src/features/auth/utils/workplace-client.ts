import type { WorkplaceProvider } from '@portal/contract';

/**
 * Which workplace client the page is open in, from its user agent: WeCom adds `wxwork/<version>`
 * (next to WeChat's MicroMessenger), Feishu `Feishu/<version>` and Lark `Lark/<version>`,
 * DingTalk `DingTalk/<version>`. Plain WeChat is not WeCom.
 */
export function detectWorkplaceClient(userAgent: string): WorkplaceProvider | undefined {
  if (/\bwxwork\//i.test(userAgent)) return 'wecom';
  if (/\b(Feishu|Lark)\//i.test(userAgent)) return 'feishu';
  if (/\bDingTalk\//i.test(userAgent)) return 'dingtalk';
  return undefined;
}
