import { useMemo } from 'react';
import type { AnalyticsAppOpens } from '@portal/contract';
import { EChart } from '../charts/echart';
import { barOption } from '../charts/options';
import { Panel } from './panel';

export interface AppOpensChartProps {
  data: AnalyticsAppOpens | undefined;
  loading: boolean;
  error: boolean;
  onSelectApp: (appKey: string) => void;
}

export function AppOpensChart({ data, loading, error, onSelectApp }: AppOpensChartProps) {
  const list = data?.list;
  const option = useMemo(
    () =>
      barOption(
        (list ?? []).map((a) => a.app_key),
        (list ?? []).map((a) => a.app_name),
        '打开次数',
        (list ?? []).map((a) => a.opens),
      ),
    [list],
  );
  return (
    <Panel title="应用打开次数" loading={loading} error={error} empty={!list?.length}>
      <EChart option={option} label="各应用打开次数柱状图，点击柱子查看应用明细" onItemClick={onSelectApp} />
    </Panel>
  );
}
