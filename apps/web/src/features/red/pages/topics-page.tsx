import type { RedRankWindowId, RedTopic } from '@portal/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTimeWindows, useTopicDetail, useTopicList, useTopicTypes } from '../api/rank';
import { ArticleList } from '../components/article-list';
import { EChart } from '../../../components/chart';
import { formatCount, formatTime } from '../format';

const PAGE_SIZE = 20;

/** 平台热点话题: topics by heat (hot) or first seen in the window (newest); a topic opens its trend and top notes. */
export default function TopicsPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sort = pathname.endsWith('/newest') ? 'newest' : 'hot';
  const [params, setParams] = useSearchParams();
  const time = (params.get('time') ?? '7d') as RedRankWindowId;
  const type = params.get('type') ?? 'all';
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<RedTopic | undefined>();
  const windows = useTimeWindows();
  const types = useTopicTypes();
  const list = useTopicList({ sort, time, type, page_index: page, page_size: PAGE_SIZE });
  const update = (key: string, value: string) => {
    setPage(1);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  };
  return (
    <div className="red-page">
      <div className="red-row red-toolbar">
        <Segmented
          value={sort}
          onChange={(v) => void navigate(`/red/top/${String(v)}?${params.toString()}`)}
          options={[
            { value: 'hot', label: '热门话题' },
            { value: 'newest', label: '新晋话题' },
          ]}
        />
        <Select
          aria-label="统计时间"
          value={time}
          onChange={(v) => update('time', v)}
          options={(windows.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
          loading={windows.isPending}
        />
        <Select
          aria-label="话题范围"
          className="red-project-select"
          value={type}
          onChange={(v) => update('type', v)}
          options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          loading={types.isPending}
        />
      </div>
      <section className="red-card" aria-label={sort === 'hot' ? '热门话题' : '新晋话题'}>
        {list.isPending ? (
          <Skeleton active />
        ) : list.isError ? (
          <Alert
            type="error"
            showIcon
            message="话题加载失败"
            action={<Button onClick={() => void list.refetch()}>重试</Button>}
          />
        ) : list.data.total === 0 ? (
          <Empty description={sort === 'hot' ? '这段时间没有话题' : '这段时间没有新出现的话题'} />
        ) : (
          <ol className="red-topics" start={(page - 1) * PAGE_SIZE + 1}>
            {list.data.list.map((t, i) => (
              <li key={t.topic}>
                <button type="button" className="red-topic" onClick={() => setOpen(t)}>
                  <span className={`red-rank ${(page - 1) * PAGE_SIZE + i < 3 ? 'top' : ''}`}>
                    {(page - 1) * PAGE_SIZE + i + 1}
                  </span>
                  <span className="red-topic-name">#{t.topic}</span>
                  <span className="red-topic-heat">热度 {formatCount(t.heat)}</span>
                  <span className="red-topic-meta">
                    {formatCount(t.note_count)} 篇 · 互动 {formatCount(t.interactions)} ·{' '}
                    <span className={t.growth >= 0 ? 'red-up' : 'red-down'}>
                      {t.growth >= 0 ? '↑' : '↓'}
                      {formatCount(Math.round(Math.abs(t.growth) * 100))}%
                    </span>
                    {sort === 'newest' ? ` · 首次出现 ${formatTime(t.first_seen)}` : ''}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        )}
        {list.data && list.data.total > PAGE_SIZE ? (
          <Pagination
            current={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onChange={setPage}
            showSizeChanger={false}
          />
        ) : null}
      </section>
      <TopicDrawer topic={open} time={time} onClose={() => setOpen(undefined)} />
    </div>
  );
}

function TopicDrawer({ topic, time, onClose }: { topic?: RedTopic; time: RedRankWindowId; onClose(): void }) {
  const detail = useTopicDetail(topic?.topic, time);
  const option = useMemo(
    () =>
      detail.data && {
        tooltip: { trigger: 'axis' },
        grid: { left: 48, right: 16, top: 16, bottom: 32 },
        xAxis: { type: 'category', data: detail.data.trend.map((t) => t.date.slice(5)) },
        yAxis: { type: 'value', axisLabel: { formatter: (v: number) => formatCount(v) } },
        series: [
          {
            name: '互动量',
            type: 'line',
            smooth: true,
            data: detail.data.trend.map((t) => t.interactions),
            areaStyle: {},
          },
        ],
      },
    [detail.data],
  );
  return (
    <Drawer open={Boolean(topic)} onClose={onClose} title={topic ? `#${topic.topic}` : ''} size="large" destroyOnHidden>
      {detail.isPending ? <Skeleton active /> : null}
      {detail.isError ? <Alert type="error" message="话题详情加载失败" /> : null}
      {option ? <EChart still option={option} height={220} label="话题互动趋势" /> : null}
      {detail.data ? (
        <>
          <h4>热门笔记</h4>
          <ArticleList notes={detail.data.notes} />
        </>
      ) : null}
    </Drawer>
  );
}
