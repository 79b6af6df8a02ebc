import type { AnalyticsScriptErrors } from '@portal/contract';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { formatCount, formatTime } from '../utils/format';
import { Panel } from './panel';

type ErrorRow = AnalyticsScriptErrors['list'][number];

export interface ScriptErrorsTableProps {
  data: AnalyticsScriptErrors | undefined;
  loading: boolean;
  error: boolean;
}

export function ScriptErrorsTable({ data, loading, error }: ScriptErrorsTableProps) {
  const list = data?.list ?? [];
  return (
    <Panel
      title={data ? `脚本错误（共 ${formatCount(data.total)} 次）` : '脚本错误'}
      loading={loading}
      error={error}
      empty={list.length === 0}
    >
      <Table<ErrorRow>
        size="small"
        // Wide tables scroll inside their card on a phone instead of widening the page.
        scroll={{ x: 'max-content' }}
        rowKey={(r) => `${r.message}\u0000${r.last_seen}`}
        dataSource={list}
        pagination={list.length > 10 ? { pageSize: 10 } : false}
        columns={[
          { title: '错误信息', dataIndex: 'message', ellipsis: true },
          { title: '次数', dataIndex: 'count', align: 'right', width: 100, render: (v: number) => formatCount(v) },
          {
            title: '应用',
            dataIndex: 'apps',
            width: 180,
            render: (apps: string[]) => apps.map((a) => <Tag key={a}>{a}</Tag>),
          },
          { title: '最近发生', dataIndex: 'last_seen', width: 150, render: (v: number) => formatTime(v) },
        ]}
      />
    </Panel>
  );
}
