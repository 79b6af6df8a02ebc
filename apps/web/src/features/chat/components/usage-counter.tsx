import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { formatCount } from '@portal/contract';
import { useUsage } from '../api/get-usage';
import type { ChatModuleConfig } from '../config/chat-modules';

function recoveryText(seconds: number): string {
  if (seconds <= 0) return '';
  const minutes = Math.ceil(seconds / 60);
  return minutes >= 60 ? `约 ${Math.ceil(minutes / 60)} 小时后恢复` : `约 ${minutes} 分钟后恢复`;
}

/** 剩余次数 of the module's usage window, refreshed after every answer. */
export function UsageCounter({ config }: { config: ChatModuleConfig }) {
  const usage = useUsage(config);
  if (!config.useStatus || !usage.data) return null;
  const { rest_usage_cnt, total_cnt, rest_recovery_duration, unlimited } = usage.data;
  if (unlimited) {
    return (
      <Typography.Text type="secondary" data-testid="chat-usage">
        不限次数
      </Typography.Text>
    );
  }
  const recovery = recoveryText(rest_recovery_duration);
  return (
    <Tooltip title={recovery || undefined}>
      <Typography.Text type={rest_usage_cnt === 0 ? 'danger' : 'secondary'} data-testid="chat-usage">
        剩余次数 {formatCount(rest_usage_cnt)} / {formatCount(total_cnt)}
      </Typography.Text>
    </Tooltip>
  );
}
