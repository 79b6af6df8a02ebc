import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Segmented from 'antd/es/segmented';
import Skeleton from 'antd/es/skeleton';
import { Link } from 'react-router';
import { useProjects, useSubscriptions } from '../api/projects';
import { ArticlesCard } from '../components/articles-card';
import { HighQualityCard } from '../components/high-quality-card';
import { OverviewNav } from '../components/overview-nav';
import { SceneCard } from '../components/scene-card';
import { SentimentCard } from '../components/sentiment-card';
import { SubscriptionPanel } from '../components/subscription-panel';
import { RANGE_PRESETS, useInsightFilter } from '../components/use-insight-filter';
import { VolumeCard } from '../components/volume-card';

/** 订阅品类洞察: the chosen category (the first subscribed one by default) over the chosen days. */
export default function InsightPage() {
  const projects = useProjects();
  const subscriptions = useSubscriptions();
  const defaultProject = subscriptions.data?.[0]?.project_id ?? projects.data?.[0]?.project_id;
  const { filter, days, set } = useInsightFilter(defaultProject);

  if (projects.isPending) return <Skeleton active className="red-page" />;
  if (projects.isError) {
    return (
      <Alert
        className="red-page"
        type="error"
        showIcon
        message="品类加载失败"
        action={<Button onClick={() => void projects.refetch()}>重试</Button>}
      />
    );
  }
  if (projects.data.length === 0) {
    return <Empty className="red-page" description="还没有品类，请管理员导入笔记并维护品类词典" />;
  }
  return (
    <div className="red-page">
      <div className="red-row red-toolbar">
        <OverviewNav />
        <Segmented<number>
          aria-label="时间范围"
          value={days}
          onChange={(v) => set({ days: Number(v) })}
          options={RANGE_PRESETS.map((p) => ({ value: p.days, label: p.label }))}
        />
        <Link to={`/red/pdftest?project=${filter.project_id ?? ''}&days=${days}`}>打印报告</Link>
      </div>
      <SubscriptionPanel
        projects={projects.data}
        projectId={filter.project_id}
        brand={filter.brand}
        onProject={(id) => set({ project: id, brand: undefined })}
        onBrand={(brand) => set({ brand })}
      />
      <div className="red-grid">
        <VolumeCard filter={filter} />
        <SentimentCard filter={filter} />
        <SceneCard filter={filter} />
        <HighQualityCard filter={filter} />
      </div>
      <ArticlesCard filter={filter} onChange={set} />
    </div>
  );
}
