import type { RedInsightFilter } from '@portal/contract';
import Pagination from 'antd/es/pagination';
import Segmented from 'antd/es/segmented';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useSentimentAnalysis, useSentimentDetail } from '../api/insight';
import { percent, redSentimentLabels, sentimentColors } from '../format';
import { CardFrame } from './card-frame';
import { EChart } from '../../../components/chart';

const PAGE_SIZE = 5;

/** 情感: the share and daily trend, and the sentences behind them, so each score can be checked. */
export function SentimentCard({ filter }: { filter: RedInsightFilter }) {
  const analysis = useSentimentAnalysis(filter, Boolean(filter.project_id));
  const [polarity, setPolarity] = useState<'positive' | 'negative'>('negative');
  const [page, setPage] = useState(1);
  const detail = useSentimentDetail(
    { ...filter, polarity, page_index: page, page_size: PAGE_SIZE },
    Boolean(filter.project_id),
  );
  const d = analysis.data;
  const all = d ? d.positive + d.neutral + d.negative : 0;
  const pie = useMemo(
    () =>
      d && {
        tooltip: { trigger: 'item', formatter: '{b} {c}（{d}%）' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['40%', '65%'],
            center: ['50%', '45%'],
            label: { show: false },
            data: (['positive', 'neutral', 'negative'] as const).map((k) => ({
              name: redSentimentLabels[k],
              value: d[k],
              itemStyle: { color: sentimentColors[k] },
            })),
          },
        ],
      },
    [d],
  );
  const trend = useMemo(
    () =>
      d && {
        tooltip: { trigger: 'axis' },
        grid: { left: 40, right: 16, top: 16, bottom: 40 },
        legend: { bottom: 0 },
        xAxis: { type: 'category', data: d.trend.map((t) => t.date.slice(5)) },
        yAxis: { type: 'value' },
        series: (['positive', 'neutral', 'negative'] as const).map((k) => ({
          name: redSentimentLabels[k],
          type: 'bar',
          stack: 'all',
          data: d.trend.map((t) => t[k]),
          itemStyle: { color: sentimentColors[k] },
        })),
      },
    [d],
  );
  return (
    <CardFrame
      title="情感分析"
      loading={analysis.isPending}
      error={analysis.isError}
      empty={all === 0}
      onRetry={() => void analysis.refetch()}
      extra={
        d ? (
          <span className="red-muted">
            正面 {percent(d.positive, all)} · 负面 {percent(d.negative, all)}
          </span>
        ) : null
      }
    >
      <div className="red-split">
        {pie ? <EChart still option={pie} height={220} label="情感占比" /> : null}
        {trend ? <EChart still option={trend} height={220} label="每日情感趋势" /> : null}
      </div>
      <div className="red-row">
        <h4>观点原句</h4>
        <Segmented
          value={polarity}
          onChange={(v) => {
            setPolarity(v as 'positive' | 'negative');
            setPage(1);
          }}
          options={[
            { value: 'negative', label: '负面' },
            { value: 'positive', label: '正面' },
          ]}
        />
      </div>
      {detail.isError ? <p className="red-muted">原句加载失败</p> : null}
      {detail.data?.total === 0 ? <p className="red-muted">没有{redSentimentLabels[polarity]}原句</p> : null}
      <ul className="red-sentences">
        {detail.data?.list.map((item, i) => (
          <li key={`${item.note_id}-${i}`} className={`red-sentence ${item.sentence.polarity}`}>
            <p>{item.sentence.text}</p>
            <small>
              依据：{item.sentence.cues.join('、') || '—'} ·{' '}
              <Link to={`/red/detail?note_id=${encodeURIComponent(item.note_id)}`}>{item.title}</Link>
              {item.brands.length ? ` · ${item.brands.join('、')}` : ''}
            </small>
          </li>
        ))}
      </ul>
      {detail.data && detail.data.total > PAGE_SIZE ? (
        <Pagination
          size="small"
          current={page}
          pageSize={PAGE_SIZE}
          total={detail.data.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
    </CardFrame>
  );
}
