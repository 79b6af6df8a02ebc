import type { RedInsightFilter } from '@portal/contract';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useHighQuality } from '../api/insight';
import { formatCount } from '../format';
import { CardFrame } from './card-frame';
import { EChart } from '../../../components/chart';

const pct = (v: number) => `${Math.round(v * 100)}%`;

/** 爆文特征: what the top tenth of notes by interactions have in common, against all notes. */
export function HighQualityCard({ filter }: { filter: RedInsightFilter }) {
  const hq = useHighQuality(filter, Boolean(filter.project_id));
  const d = hq.data;
  const hours = useMemo(
    () =>
      d && {
        tooltip: { trigger: 'axis' },
        legend: { bottom: 0 },
        grid: { left: 40, right: 16, top: 8, bottom: 40 },
        xAxis: { type: 'category', data: d.hours.map((h) => `${h.hour}时`) },
        yAxis: { type: 'value' },
        series: [
          { name: '全部笔记', type: 'bar', data: d.hours.map((h) => h.all), itemStyle: { color: '#d9d9d9' } },
          { name: '爆文', type: 'bar', data: d.hours.map((h) => h.high), itemStyle: { color: '#ff2442' } },
        ],
      },
    [d],
  );
  return (
    <CardFrame
      title="爆文特征"
      loading={hq.isPending}
      error={hq.isError}
      empty={d?.total === 0}
      onRetry={() => void hq.refetch()}
      extra={
        d ? (
          <span className="red-muted">
            互动 ≥ {formatCount(d.threshold)} 的 {d.high_count} 篇
          </span>
        ) : null
      }
    >
      {d ? (
        <>
          <table className="red-compare">
            <thead>
              <tr>
                <th scope="col">特征</th>
                <th scope="col">爆文</th>
                <th scope="col">全部</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">标题字数</th>
                <td>{d.avg.title_length.high}</td>
                <td>{d.avg.title_length.all}</td>
              </tr>
              <tr>
                <th scope="row">正文字数</th>
                <td>{d.avg.content_length.high}</td>
                <td>{d.avg.content_length.all}</td>
              </tr>
              <tr>
                <th scope="row">图片数</th>
                <td>{d.avg.image_count.high}</td>
                <td>{d.avg.image_count.all}</td>
              </tr>
              {d.title_patterns
                .filter((p) => p.high > 0 || p.all > 0)
                .map((p) => (
                  <tr key={p.name}>
                    <th scope="row">标题{p.name}</th>
                    <td className={p.high > p.all ? 'red-up' : undefined}>{pct(p.high)}</td>
                    <td>{pct(p.all)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
          {hours ? <EChart still option={hours} height={200} label="发布时段分布" /> : null}
          <div className="red-keywords" aria-label="爆文话题">
            {d.topics.map((t) => (
              <Tag key={t.topic} color="red">
                #{t.topic} {t.count}
              </Tag>
            ))}
          </div>
        </>
      ) : null}
    </CardFrame>
  );
}
