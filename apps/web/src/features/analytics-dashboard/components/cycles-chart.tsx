import { useMemo } from 'react';
import type { AnalyticsCycles } from '@portal/contract';
import { EChart } from '../charts/echart';
import { barOption } from '../charts/options';
import { formatDuration } from '../utils/format';
import { Panel } from './panel';

export interface CyclesChartProps {
  data: AnalyticsCycles | undefined;
  loading: boolean;
  error: boolean;
  onSelectApp: (appKey: string) => void;
}

export function CyclesChart({ data, loading, error, onSelectApp }: CyclesChartProps) {
  const list = data?.list;
  const option = useMemo(
    () =>
      barOption(
        (list ?? []).map((a) => a.app_key),
        (list ?? []).map((a) => a.app_name),
        '平均服务时长',
        (list ?? []).map((a) => a.avg_ms),
        formatDuration,
      ),
    [list],
  );
  return (
    <Panel title="各应用平均服务时长" loading={loading} error={error} empty={!list?.length}>
      <EChart option={option} label="各应用平均服务时长柱状图，点击柱子查看应用明细" onItemClick={onSelectApp} />
    </Panel>
  );
}
