import { Tag, Tooltip } from 'antd';
import { useWorks } from '../api/works-list';

/** Section 3's image usage: what is left, and when it is refilled. */
export function UsageTag() {
  const { data } = useWorks(null);
  if (!data) return null;
  const refresh = new Date(data.refresh_ts).toLocaleString('zh-CN', { hour12: false });
  return (
    <Tooltip title={`${refresh} 恢复为 ${data.total} 次`}>
      <Tag color={data.remain > 0 ? 'blue' : 'red'}>
        剩余 {data.remain}/{data.total} 次
      </Tag>
    </Tooltip>
  );
}
