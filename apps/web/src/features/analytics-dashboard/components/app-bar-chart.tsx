import { useMemo } from 'react';
import { EChart } from '../../../components/chart';
import { barOption } from '../charts/options';
import { Panel } from './panel';

export interface AppBarChartProps<T extends { app_key: string; app_name: string }> {
  title: string;
  /** Series name and the accessible description's subject. */
  measure: string;
  list: readonly T[] | undefined;
  value(row: T): number;
  format?: (value: number) => string;
  loading: boolean;
  error: boolean;
  onSelectApp: (appKey: string) => void;
}

/** One bar per app; clicking a bar opens that app's drill-down. */
export function AppBarChart<T extends { app_key: string; app_name: string }>(props: AppBarChartProps<T>) {
  const { title, measure, list, value, format, loading, error, onSelectApp } = props;
  const option = useMemo(
    () =>
      barOption(
        (list ?? []).map((a) => a.app_key),
        (list ?? []).map((a) => a.app_name),
        measure,
        (list ?? []).map(value),
        format,
      ),
    [list, measure, value, format],
  );
  return (
    <Panel title={title} loading={loading} error={error} empty={!list?.length}>
      <EChart option={option} label={`各应用${measure}柱状图，点击柱子查看应用明细`} onItemClick={onSelectApp} />
    </Panel>
  );
}
