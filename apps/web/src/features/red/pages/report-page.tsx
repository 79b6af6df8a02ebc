import { formatRedCount } from '@portal/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Skeleton from 'antd/es/skeleton';
import { useProjects, useSubscriptions } from '../api/projects';
import { useArticleList } from '../api/insight';
import { HighQualityCard } from '../components/high-quality-card';
import { SceneCard } from '../components/scene-card';
import { SentimentCard } from '../components/sentiment-card';
import { useInsightFilter } from '../components/use-insight-filter';
import { VolumeCard } from '../components/volume-card';
import { formatTime } from '../format';

/**
 * /red/pdftest: the subscription's insight as one printable page; the browser's print dialog
 * saves it as PDF (print styles hide the portal's chrome and keep cards whole).
 */
export default function ReportPage() {
  const projects = useProjects();
  const subscriptions = useSubscriptions();
  const { filter } = useInsightFilter(subscriptions.data?.[0]?.project_id ?? projects.data?.[0]?.project_id);
  const project = projects.data?.find((p) => p.project_id === filter.project_id);
  const top = useArticleList(
    { ...filter, sort: 'interactions', page_index: 1, page_size: 10 },
    Boolean(filter.project_id),
  );
  if (projects.isPending) return <Skeleton active className="red-page" />;
  if (projects.isError) return <Alert className="red-page" type="error" showIcon message="品类加载失败" />;
  return (
    <div className="red-page red-report">
      <header className="red-report-head">
        <div>
          <h1>{project?.name ?? '品类'} 洞察报告</h1>
          <p className="red-muted">
            {filter.start} 至 {filter.end}
            {project?.is_sample ? ' · 示例数据' : ''}
          </p>
        </div>
        <Button type="primary" className="red-no-print" onClick={() => window.print()}>
          打印 / 保存为PDF
        </Button>
      </header>
      <VolumeCard filter={filter} />
      <SentimentCard filter={filter} />
      <SceneCard filter={filter} />
      <HighQualityCard filter={filter} />
      <section className="red-card" aria-label="互动最高的笔记">
        <h3>互动最高的笔记</h3>
        <ol className="red-report-notes">
          {top.data?.list.map((n) => (
            <li key={n.note_id}>
              {n.title}{' '}
              <span className="red-muted">
                · {n.brands.join('、')} · 互动 {formatRedCount(n.interactions)} · {formatTime(n.published_at)}
              </span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
