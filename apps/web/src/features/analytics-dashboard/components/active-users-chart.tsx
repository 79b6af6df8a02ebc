import { useMemo } from 'react';
import type { AnalyticsOverview } from '@portal/contract';
import { EChart } from '../../../components/chart';
import { lineOption } from '../charts/options';
import { Panel } from './panel';

export function ActiveUsersChart({
  data,
  loading,
  error,
}: {
  data: AnalyticsOverview | undefined;
  loading: boolean;
  error: boolean;
}) {
  const days = data?.days;
  const option = useMemo(
    () =>
      lineOption(
        (days ?? []).map((d) => d.day),
        [
          { name: '登录用户', data: (days ?? []).map((d) => d.users) },
          { name: '匿名访客', data: (days ?? []).map((d) => d.anonymous) },
        ],
      ),
    [days],
  );
  return (
    <Panel
      title="每日活跃用户"
      loading={loading}
      error={error}
      empty={!days?.some((d) => d.users > 0 || d.anonymous > 0)}
    >
      <EChart option={option} label="每日活跃用户折线图" />
    </Panel>
  );
}
