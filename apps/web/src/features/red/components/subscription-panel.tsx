import type { RedProject } from '@portal/contract';
import Button from 'antd/es/button';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import Tag from 'antd/es/tag';
import { useBrandProducts, useSubscribeBrand, useSubscribeProject } from '../api/projects';

interface Props {
  projects: RedProject[];
  projectId: number | undefined;
  brand: string | undefined;
  onProject(projectId: number): void;
  onBrand(brand: string | undefined): void;
}

/**
 * The category picker with its subscribe button, and the category's brands: a click on a brand
 * filters the insight to it; the star subscribes to it.
 */
export function SubscriptionPanel({ projects, projectId, brand, onProject, onBrand }: Props) {
  const project = projects.find((p) => p.project_id === projectId);
  const brands = useBrandProducts(projectId);
  const subscribeProject = useSubscribeProject();
  const subscribeBrand = useSubscribeBrand();
  return (
    <section className="red-card red-subscription" aria-label="订阅品类">
      <div className="red-row">
        <Select
          aria-label="品类"
          className="red-project-select"
          value={projectId}
          onChange={onProject}
          options={projects.map((p) => ({
            value: p.project_id,
            label: `${p.subscribed ? '★ ' : ''}${p.name}`,
          }))}
          placeholder="选择品类"
        />
        {project ? (
          <Button
            type={project.subscribed ? 'default' : 'primary'}
            loading={subscribeProject.isPending}
            onClick={() => subscribeProject.mutate({ project_id: project.project_id, subscribe: !project.subscribed })}
          >
            {project.subscribed ? '取消订阅品类' : '订阅品类'}
          </Button>
        ) : null}
        {project?.is_sample ? <Tag color="orange">示例数据</Tag> : null}
      </div>
      <div className="red-brands" role="group" aria-label="品牌">
        {brands.isPending && projectId ? <Skeleton.Input active size="small" /> : null}
        {brands.isError ? <span className="red-muted">品牌加载失败</span> : null}
        {brands.data?.length === 0 ? <span className="red-muted">该品类还没有品牌</span> : null}
        <Tag.CheckableTag checked={!brand} onChange={() => onBrand(undefined)}>
          全部品牌
        </Tag.CheckableTag>
        {brands.data?.map((b) => (
          <span key={b.brand_id} className="red-brand">
            <Tag.CheckableTag checked={brand === String(b.brand_id)} onChange={() => onBrand(String(b.brand_id))}>
              {b.name}
            </Tag.CheckableTag>
            <Button
              size="small"
              type="text"
              aria-label={b.subscribed ? `取消订阅${b.name}` : `订阅${b.name}`}
              aria-pressed={b.subscribed}
              onClick={() => subscribeBrand.mutate({ brand_id: b.brand_id, subscribe: !b.subscribed })}
            >
              {b.subscribed ? '★' : '☆'}
            </Button>
          </span>
        ))}
      </div>
    </section>
  );
}
