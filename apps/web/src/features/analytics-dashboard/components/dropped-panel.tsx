import { ANALYTICS_DROP_REASONS, type AnalyticsDropped, type AnalyticsDropReason } from '@portal/contract';
import Table from 'antd/es/table';
import { formatCount } from '../utils/format';
import { Panel } from './panel';

const REASON_LABELS: Record<AnalyticsDropReason, string> = {
  rate_limit: '单个客户端上报过于频繁',
  overload: '服务器繁忙，上报被暂缓',
  budget_minute: '超出每分钟入库总量',
  budget_day: '超出每日入库总量',
  name_cap: '自定义事件名称超出每日上限',
};

interface ReasonRow {
  reason: AnalyticsDropReason;
  batches: number;
  events: number;
}

export interface DroppedPanelProps {
  data: AnalyticsDropped | undefined;
  loading: boolean;
  error: boolean;
}

/** What ingest refused in the range, by reason: a flood or a misbehaving page shows up here. */
export function DroppedPanel({ data, loading, error }: DroppedPanelProps) {
  const totals = new Map<AnalyticsDropReason, ReasonRow>();
  for (const row of data?.rows ?? []) {
    const entry = totals.get(row.reason) ?? { reason: row.reason, batches: 0, events: 0 };
    entry.batches += row.batches;
    entry.events += row.events;
    totals.set(row.reason, entry);
  }
  const list = ANALYTICS_DROP_REASONS.flatMap((reason) => totals.get(reason) ?? []);
  const events = list.reduce((sum, r) => sum + r.events, 0);
  return (
    <Panel
      title={data ? `被丢弃的上报（共 ${formatCount(events)} 条事件）` : '被丢弃的上报'}
      loading={loading}
      error={error}
      empty={list.length === 0}
    >
      <Table<ReasonRow>
        data-testid="analytics-dropped"
        size="small"
        rowKey="reason"
        dataSource={list}
        pagination={false}
        columns={[
          { title: '原因', dataIndex: 'reason', render: (r: AnalyticsDropReason) => REASON_LABELS[r] },
          { title: '请求数', dataIndex: 'batches', align: 'right', width: 120, render: (v: number) => formatCount(v) },
          { title: '事件数', dataIndex: 'events', align: 'right', width: 120, render: (v: number) => formatCount(v) },
        ]}
      />
    </Panel>
  );
}
