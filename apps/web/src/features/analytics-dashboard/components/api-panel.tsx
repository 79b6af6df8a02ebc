import { useMemo } from 'react';
import type { AnalyticsApi } from '@portal/contract';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { EChart } from '../../../components/chart';
import { rateOption } from '../charts/options';
import { formatCount, formatDuration, formatRate } from '../utils/format';
import { Panel } from './panel';

type PathRow = AnalyticsApi['slowest'][number];

export function ApiPanel({
  data,
  loading,
  error,
}: {
  data: AnalyticsApi | undefined;
  loading: boolean;
  error: boolean;
}) {
  const days = data?.days;
  const option = useMemo(
    () =>
      rateOption(
        (days ?? []).map((d) => d.day),
        (days ?? []).map((d) => d.error_rate),
      ),
    [days],
  );
  const summary = data
    ? `共 ${formatCount(data.calls)} 次调用，${formatCount(data.errors)} 次错误，错误率 ${formatRate(data.error_rate)}`
    : '';
  return (
    <Panel title="接口错误率与最慢接口" loading={loading} error={error} empty={!data || data.calls === 0}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{summary}</Typography.Text>
        <EChart option={option} height={220} label="接口每日错误率折线图" />
        <Table<PathRow>
          size="small"
          // Wide tables scroll inside their card on a phone instead of widening the page.
          scroll={{ x: 'max-content' }}
          rowKey="path"
          dataSource={data?.slowest ?? []}
          pagination={false}
          columns={[
            { title: '接口路径', dataIndex: 'path', ellipsis: true },
            { title: '调用次数', dataIndex: 'calls', align: 'right', render: (v: number) => formatCount(v) },
            { title: '错误率', dataIndex: 'error_rate', align: 'right', render: (v: number) => formatRate(v) },
            { title: '平均耗时', dataIndex: 'avg_ms', align: 'right', render: (v: number) => formatDuration(v) },
            { title: '最长耗时', dataIndex: 'max_ms', align: 'right', render: (v: number) => formatDuration(v) },
          ]}
        />
      </Flex>
    </Panel>
  );
}
