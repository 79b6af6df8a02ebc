import { useMemo } from 'react';
import type { AnalyticsRangeQuery } from '@portal/contract';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Row from 'antd/es/row';
import Spin from 'antd/es/spin';
import Statistic from 'antd/es/statistic';
import { useAppDetail } from '../api/get-app-detail';
import { EChart } from '../../../components/chart';
import { lineOption } from '../charts/options';
import { formatCount, formatDuration, formatRate } from '../utils/format';
import { ApiPanel } from './api-panel';
import { Panel } from './panel';
import { ScriptErrorsTable } from './script-errors-table';

export interface AppDrawerProps {
  range: AnalyticsRangeQuery;
  appKey: string | undefined;
  onClose: () => void;
}

/** One app's figures over the selected range. */
export function AppDrawer({ range, appKey, onClose }: AppDrawerProps) {
  const { data, isPending, isError } = useAppDetail(range, appKey);
  const option = useMemo(
    () =>
      lineOption(data?.opens.days.map((d) => d.day) ?? [], [
        { name: '打开次数', data: data?.opens.days.map((d) => d.opens) ?? [] },
        { name: '服务周期', data: data?.cycles.days.map((d) => d.cycles) ?? [] },
      ]),
    [data],
  );
  const loading = appKey !== undefined && isPending;
  return (
    <Drawer
      open={appKey !== undefined}
      onClose={onClose}
      size="large"
      title={data ? `应用明细：${data.app_name}` : '应用明细'}
    >
      {loading ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          {data && (
            <Row gutter={[12, 12]}>
              {(
                [
                  ['打开次数', formatCount(data.opens.total)],
                  ['服务周期', formatCount(data.cycles.cycles)],
                  ['平均服务时长', formatDuration(data.cycles.avg_ms)],
                  ['接口错误率', formatRate(data.api.error_rate)],
                ] as const
              ).map(([title, value]) => (
                <Col key={title} span={12}>
                  <Card size="small">
                    <Statistic title={title} value={value} formatter={() => value} />
                  </Card>
                </Col>
              ))}
            </Row>
          )}
          <Panel
            title="每日打开与服务周期"
            loading={false}
            error={isError}
            empty={!data || (data.opens.total === 0 && data.cycles.cycles === 0)}
          >
            <EChart option={option} height={220} label="应用每日打开次数与服务周期折线图" />
          </Panel>
          <ApiPanel data={data?.api} loading={false} error={isError} />
          <ScriptErrorsTable data={data?.script_errors} loading={false} error={isError} />
        </Flex>
      )}
    </Drawer>
  );
}
