import type { RedInsightFilter } from '@portal/contract';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useSceneInsight } from '../api/insight';
import { CardFrame } from './card-frame';
import { EChart } from '../../../components/chart';

/** 场景: when and where the product is used, with each scene's sentiment, and the selection's keywords. */
export function SceneCard({ filter }: { filter: RedInsightFilter }) {
  const scenes = useSceneInsight(filter, Boolean(filter.project_id));
  const d = scenes.data;
  const option = useMemo(
    () =>
      d && {
        tooltip: { trigger: 'axis' },
        legend: { bottom: 0 },
        grid: { left: 80, right: 16, top: 8, bottom: 40 },
        xAxis: { type: 'value' },
        yAxis: { type: 'category', data: d.scenes.map((s) => s.scene).reverse() },
        series: [
          {
            name: '正面',
            type: 'bar',
            stack: 's',
            data: d.scenes.map((s) => s.positive).reverse(),
            itemStyle: { color: '#52c41a' },
          },
          {
            name: '中性',
            type: 'bar',
            stack: 's',
            data: d.scenes.map((s) => s.note_count - s.positive - s.negative).reverse(),
            itemStyle: { color: '#bfbfbf' },
          },
          {
            name: '负面',
            type: 'bar',
            stack: 's',
            data: d.scenes.map((s) => s.negative).reverse(),
            itemStyle: { color: '#ff4d4f' },
          },
        ],
      },
    [d],
  );
  return (
    <CardFrame
      title="场景洞察"
      loading={scenes.isPending}
      error={scenes.isError}
      empty={d ? d.scenes.length === 0 && d.keywords.length === 0 : false}
      onRetry={() => void scenes.refetch()}
    >
      {option && d && d.scenes.length > 0 ? (
        <EChart still option={option} height={Math.max(160, d.scenes.length * 30 + 60)} label="使用场景与情感" />
      ) : null}
      <div className="red-keywords" aria-label="高频关键词">
        {d?.keywords.map((k) => (
          <Tag key={k.word}>
            {k.word} <small>{k.weight}</small>
          </Tag>
        ))}
      </div>
    </CardFrame>
  );
}
