import { useMemo } from 'react';
import type { AnalyticsAppOpens, AnalyticsCycles } from '@portal/contract';
import Table from 'antd/es/table';
import { formatCount, formatDuration } from '../utils/format';
import { Panel } from './panel';

interface AppRow {
  app_key: string;
  app_name: string;
  opens: number;
  cycles: number;
  avg_ms: number;
}

export interface AppsTableProps {
  opens: AnalyticsAppOpens | undefined;
  cycles: AnalyticsCycles | undefined;
  loading: boolean;
  error: boolean;
  onSelectApp: (appKey: string) => void;
}

/** Opens and cycles side by side; a row opens the app's drill-down. */
export function AppsTable({ opens, cycles, loading, error, onSelectApp }: AppsTableProps) {
  const rows = useMemo(() => {
    const byKey = new Map<string, AppRow>();
    const row = (app_key: string, app_name: string) =>
      byKey.get(app_key) ?? byKey.set(app_key, { app_key, app_name, opens: 0, cycles: 0, avg_ms: 0 }).get(app_key)!;
    for (const a of opens?.list ?? []) row(a.app_key, a.app_name).opens = a.opens;
    for (const c of cycles?.list ?? [])
      Object.assign(row(c.app_key, c.app_name), { cycles: c.cycles, avg_ms: c.avg_ms });
    return [...byKey.values()].sort((a, b) => b.opens - a.opens || b.cycles - a.cycles);
  }, [opens, cycles]);

  return (
    <Panel title="应用明细" loading={loading} error={error} empty={rows.length === 0}>
      <Table<AppRow>
        size="small"
        // Wide tables scroll inside their card on a phone instead of widening the page.
        scroll={{ x: 'max-content' }}
        rowKey="app_key"
        dataSource={rows}
        pagination={rows.length > 10 ? { pageSize: 10 } : false}
        onRow={(record) => ({ onClick: () => onSelectApp(record.app_key), style: { cursor: 'pointer' } })}
        columns={[
          { title: '应用', dataIndex: 'app_name' },
          { title: '打开次数', dataIndex: 'opens', align: 'right', render: (v: number) => formatCount(v) },
          { title: '服务周期', dataIndex: 'cycles', align: 'right', render: (v: number) => formatCount(v) },
          { title: '平均时长', dataIndex: 'avg_ms', align: 'right', render: (v: number) => formatDuration(v) },
        ]}
      />
    </Panel>
  );
}
