import type { BotWebhook } from './config';

export interface NotifyLogger {
  warn(obj: object, msg: string): void;
}

/**
 * The body each suite's group bot (群机器人 / 自定义机器人) accepts for a plain text message:
 * WeCom and DingTalk `{msgtype: 'text', text: {content}}`, Feishu `{msg_type: 'text', content: {text}}`.
 */
export function botBody(kind: BotWebhook['kind'], text: string): unknown {
  return kind === 'feishu' ? { msg_type: 'text', content: { text } } : { msgtype: 'text', text: { content: text } };
}

/** Sends to every configured bot; a failing bot is logged (without its URL) and never fails the request. */
export async function notifyBots(
  bots: readonly BotWebhook[],
  text: string,
  log: NotifyLogger,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  let delivered = 0;
  await Promise.all(
    bots.map(async (bot) => {
      const url = env[bot.url_env];
      if (!url) {
        log.warn({ bot: bot.kind, env: bot.url_env }, 'bot webhook variable is not set');
        return;
      }
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify(botBody(bot.kind, text)),
          signal: AbortSignal.timeout(5000),
          redirect: 'error',
        });
        const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
        // WeCom/DingTalk answer {errcode: 0}, Feishu {code: 0} (older bots {StatusCode: 0}).
        const code = json.errcode ?? json.code ?? json.StatusCode ?? (res.ok ? 0 : res.status);
        if (res.ok && Number(code) === 0) delivered++;
        else log.warn({ bot: bot.kind, status: res.status, code }, 'bot webhook refused the message');
      } catch {
        log.warn({ bot: bot.kind }, 'bot webhook unreachable');
      }
    }),
  );
  return delivered;
}
