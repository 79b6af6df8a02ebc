import { useState } from 'react';
import type { AnalyticsAppOpens, AnalyticsCycles, AnalyticsRangeQuery } from '@portal/contract';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Row from 'antd/es/row';
import Typography from 'antd/es/typography';
import dayjs from 'dayjs';
import { useApiStats } from '../api/get-api-stats';
import { useAppOpens } from '../api/get-app-opens';
import { useCycles } from '../api/get-cycles';
import { useDropped } from '../api/get-dropped';
import { useOverview } from '../api/get-overview';
import { useScriptErrors } from '../api/get-script-errors';
import { useRunRollup } from '../api/run-rollup';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { DAY_FORMAT, defaultRange } from '../utils/default-range';
import { formatDuration } from '../utils/format';
import { ActiveUsersChart } from './active-users-chart';
import { ApiPanel } from './api-panel';
import { AppDrawer } from './app-drawer';
import { AppBarChart } from './app-bar-chart';
import { AppsTable } from './apps-table';
import { DroppedPanel } from './dropped-panel';
import { KpiCards } from './kpi-cards';
import { ScriptErrorsTable } from './script-errors-table';

const opensOf = (row: AnalyticsAppOpens['list'][number]) => row.opens;
const avgDurationOf = (row: AnalyticsCycles['list'][number]) => row.avg_ms;

const MAX_RANGE_DAYS = 366;

/** The behaviour-analytics dashboard for administrators. */
export default function AnalyticsDashboardPage() {
  const [range, setRange] = useState<AnalyticsRangeQuery>(() => defaultRange(getRuntimeConfig().analyticsTimeZone));
  const [selectedApp, setSelectedApp] = useState<string | undefined>();
  const overview = useOverview(range);
  const opens = useAppOpens(range);
  const cycles = useCycles(range);
  const apiStats = useApiStats(range);
  const scriptErrors = useScriptErrors(range);
  const dropped = useDropped(range);
  const rollup = useRunRollup();

  return (
    <Flex vertical gap={16} className="portal-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          行为分析
        </Typography.Title>
        <Flex gap={8} align="center" wrap>
          <DatePicker.RangePicker
            aria-label="统计日期范围"
            allowClear={false}
            value={[dayjs(range.from), dayjs(range.to)]}
            disabledDate={(current, info) =>
              current.isAfter(dayjs(), 'day') ||
              (info.from !== undefined && Math.abs(current.diff(info.from, 'day')) >= MAX_RANGE_DAYS)
            }
            onChange={(values) => {
              const [from, to] = values ?? [];
              if (from && to) setRange({ from: from.format(DAY_FORMAT), to: to.format(DAY_FORMAT) });
            }}
          />
          <Button loading={rollup.isPending} onClick={() => rollup.mutate()}>
            刷新数据
          </Button>
        </Flex>
      </Flex>

      <KpiCards data={overview.data} loading={overview.isPending} />

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <ActiveUsersChart data={overview.data} loading={overview.isPending} error={overview.isError} />
        </Col>
        <Col xs={24} xl={12}>
          <AppBarChart
            title="应用打开次数"
            measure="打开次数"
            list={opens.data?.list}
            value={opensOf}
            loading={opens.isPending}
            error={opens.isError}
            onSelectApp={setSelectedApp}
          />
        </Col>
        <Col xs={24} xl={12}>
          <AppBarChart
            title="各应用平均服务时长"
            measure="平均服务时长"
            list={cycles.data?.list}
            value={avgDurationOf}
            format={formatDuration}
            loading={cycles.isPending}
            error={cycles.isError}
            onSelectApp={setSelectedApp}
          />
        </Col>
        <Col xs={24} xl={12}>
          <AppsTable
            opens={opens.data}
            cycles={cycles.data}
            loading={opens.isPending || cycles.isPending}
            error={opens.isError || cycles.isError}
            onSelectApp={setSelectedApp}
          />
        </Col>
        <Col xs={24}>
          <ApiPanel data={apiStats.data} loading={apiStats.isPending} error={apiStats.isError} />
        </Col>
        <Col xs={24}>
          <ScriptErrorsTable data={scriptErrors.data} loading={scriptErrors.isPending} error={scriptErrors.isError} />
        </Col>
        <Col xs={24}>
          <DroppedPanel data={dropped.data} loading={dropped.isPending} error={dropped.isError} />
        </Col>
      </Row>

      <AppDrawer range={range} appKey={selectedApp} onClose={() => setSelectedApp(undefined)} />
    </Flex>
  );
}
