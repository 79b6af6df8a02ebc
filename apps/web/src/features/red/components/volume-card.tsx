import type { RedInsightFilter } from '@portal/contract';
import { useMemo } from 'react';
import { useArticleTotal } from '../api/insight';
import { formatCount } from '../format';
import { CardFrame } from './card-frame';
import { EChart } from '../../../components/chart';

/** 声量: notes and interactions of the selection, against the period before, with the daily trend. */
export function VolumeCard({ filter }: { filter: RedInsightFilter }) {
  const total = useArticleTotal(filter, Boolean(filter.project_id));
  const d = total.data;
  const option = useMemo(
    () =>
      d && {
        tooltip: { trigger: 'axis' },
        legend: { data: ['笔记数', '互动量'], bottom: 0 },
        grid: { left: 48, right: 48, top: 16, bottom: 40 },
        xAxis: { type: 'category', data: d.trend.map((t) => t.date.slice(5)) },
        yAxis: [
          { type: 'value', axisLabel: { formatter: (v: number) => formatCount(v) } },
          { type: 'value', axisLabel: { formatter: (v: number) => formatCount(v) } },
        ],
        series: [
          { name: '笔记数', type: 'bar', data: d.trend.map((t) => t.count), itemStyle: { color: '#ff2442' } },
          { name: '互动量', type: 'line', yAxisIndex: 1, data: d.trend.map((t) => t.interactions), smooth: true },
        ],
      },
    [d],
  );
  const change = d && d.previous_total > 0 ? (d.total - d.previous_total) / d.previous_total : null;
  return (
    <CardFrame title="声量趋势" loading={total.isPending} error={total.isError} onRetry={() => void total.refetch()}>
      {d ? (
        <>
          <dl className="red-stats">
            <div>
              <dt>笔记数</dt>
              <dd data-testid="red-total">{formatCount(d.total)}</dd>
              {change !== null ? (
                <small className={change >= 0 ? 'red-up' : 'red-down'}>
                  环比 {change >= 0 ? '+' : ''}
                  {Math.round(change * 1000) / 10}%
                </small>
              ) : null}
            </div>
            <div>
              <dt>互动量</dt>
              <dd>{formatCount(d.interactions)}</dd>
            </div>
            <div>
              <dt>点赞</dt>
              <dd>{formatCount(d.likes)}</dd>
            </div>
            <div>
              <dt>收藏</dt>
              <dd>{formatCount(d.collects)}</dd>
            </div>
            <div>
              <dt>评论</dt>
              <dd>{formatCount(d.comments)}</dd>
            </div>
            <div>
              <dt>分享</dt>
              <dd>{formatCount(d.shares)}</dd>
            </div>
          </dl>
          {option ? <EChart still option={option} height={260} label="每日笔记数与互动量" /> : null}
        </>
      ) : null}
    </CardFrame>
  );
}
