import { formatCount } from '@portal/contract';
import { useUsage } from '../api/get-usage';
import type { ChatModuleConfig } from '../config/chat-modules';

function recoveryText(seconds: number): string {
  if (seconds <= 0) return '';
  const minutes = Math.ceil(seconds / 60);
  return minutes >= 60 ? `约 ${Math.ceil(minutes / 60)} 小时后恢复` : `约 ${minutes} 分钟后恢复`;
}

/**
 * 剩余次数 of the module's usage window, refreshed after every answer. One line always: on a phone
 * it shortens to 剩 9997 (CSS swaps the label for a short one and hides the total). When nothing is left, when it
 * comes back is shown as text, not only on hover.
 */
export function UsageCounter({ config }: { config: ChatModuleConfig }) {
  const usage = useUsage(config);
  if (!config.useStatus || !usage.data) return null;
  const { rest_usage_cnt, total_cnt, rest_recovery_duration, unlimited } = usage.data;
  if (unlimited) {
    return (
      <span className="chat-usage" data-testid="chat-usage">
        不限次数
      </span>
    );
  }
  const recovery = recoveryText(rest_recovery_duration);
  const empty = rest_usage_cnt === 0;
  return (
    <span
      className={`chat-usage${empty ? ' chat-usage-empty' : ''}`}
      title={recovery || undefined}
      data-testid="chat-usage"
    >
      <span className="chat-usage-long">剩余次数 </span>
      {formatCount(rest_usage_cnt)}
      <span className="chat-usage-long"> / {formatCount(total_cnt)}</span>
      {empty && recovery ? <span className="chat-usage-recovery">，{recovery}</span> : null}
    </span>
  );
}
