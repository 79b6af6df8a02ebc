import type { AnalyticsOverview } from '@portal/contract';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import { formatCount, formatDuration, formatRate } from '../utils/format';

/** A figure and its unit stay on one line (884 毫秒, never 毫 / 秒); a long one shrinks instead. */
const KPI_STYLES = {
  content: { whiteSpace: 'nowrap', fontSize: 'clamp(18px, 1.6vw, 24px)' },
  title: { whiteSpace: 'nowrap' },
} as const;

export function KpiCards({ data, loading }: { data: AnalyticsOverview | undefined; loading: boolean }) {
  const items: Array<[string, string]> = data
    ? [
        ['事件总数', formatCount(data.events)],
        ['日活峰值', formatCount(data.peak_daily_users)],
        ['日均活跃', formatCount(data.avg_daily_users)],
        ['匿名访客峰值', formatCount(data.peak_daily_anonymous)],
        ['应用打开', formatCount(data.app_opens)],
        ['平均服务时长', formatDuration(data.avg_cycle_ms)],
        ['接口错误率', formatRate(data.api_error_rate)],
        ['脚本错误', formatCount(data.script_errors)],
      ]
    : [];
  return (
    <Row gutter={[12, 12]}>
      {loading || !data
        ? Array.from({ length: 8 }, (_, i) => (
            <Col key={i} xs={12} md={6} xxl={3}>
              <Card size="small">
                <Skeleton active paragraph={false} />
              </Card>
            </Col>
          ))
        : items.map(([title, value]) => (
            <Col key={title} xs={12} md={6} xxl={3}>
              <Card size="small">
                <Statistic title={title} value={value} formatter={() => value} styles={KPI_STYLES} data-testid="kpi" />
              </Card>
            </Col>
          ))}
    </Row>
  );
}
