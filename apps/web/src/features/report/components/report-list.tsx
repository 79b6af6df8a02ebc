import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Popconfirm from 'antd/es/popconfirm';
import Empty from 'antd/es/empty';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { docStatusLabels, type ReportCategory, type ReportSummary } from '@portal/contract';

const STATUS_COLOR: Record<ReportSummary['status'], string> = {
  queued: 'default',
  parsing: 'processing',
  ocr: 'processing',
  ready: 'success',
  failed: 'error',
};

export function reportMeta(r: ReportSummary): string {
  return [r.source, r.date, r.pages !== null ? `${r.pages}页` : ''].filter(Boolean).join(' · ');
}

interface ReportListProps {
  categories: readonly ReportCategory[];
  selected: ReadonlySet<string>;
  onToggle: (reportId: string) => void;
  /** The caller is an administrator: may delete shared reports too. */
  canManage: boolean;
  onDelete: (report: ReportSummary) => void;
}

/**
 * Categories with their reports; a ready report can be picked for a conversation. Own uploads can
 * be deleted by their owner, shared ones by administrators.
 */
export function ReportList({ categories, selected, onToggle, canManage, onDelete }: ReportListProps) {
  const shown = categories.filter((c) => c.reports.length > 0);
  if (shown.length === 0) return <Empty description="没有找到报告" />;
  return (
    <div className="report-categories">
      {shown.map((category) => (
        <section key={category.category_id ?? 'own'} className="report-category" aria-label={category.name}>
          <Typography.Title level={5} className="report-category-title">
            {category.name}
            <span className="report-count">{category.reports.length} 份</span>
          </Typography.Title>
          <ul className="report-items">
            {category.reports.map((r) => {
              const ready = r.status === 'ready';
              return (
                <li key={r.report_id} className={`report-item${selected.has(r.report_id) ? ' is-selected' : ''}`}>
                  <Checkbox
                    className="report-check"
                    checked={selected.has(r.report_id)}
                    disabled={!ready}
                    onChange={() => onToggle(r.report_id)}
                    aria-label={`选择 ${r.title}`}
                  >
                    <span className="report-title">{r.title}</span>
                    <span className="report-meta">{reportMeta(r)}</span>
                    {r.status === 'failed' && r.reason ? <span className="report-reason">{r.reason}</span> : null}
                  </Checkbox>
                  <div className="report-item-side">
                    <Tag color={STATUS_COLOR[r.status]} className="report-status">
                      {docStatusLabels[r.status]}
                    </Tag>
                    {r.scope === 'own' || canManage ? (
                      <Popconfirm
                        title={`删除报告「${r.title}」？`}
                        description="删除后不可恢复；用过它的会话仍可查看，报告显示为已删除。"
                        okText="删除"
                        okButtonProps={{ danger: true }}
                        cancelText="取消"
                        onConfirm={() => onDelete(r)}
                      >
                        <Button size="small" type="text" danger aria-label={`删除 ${r.title}`}>
                          删除
                        </Button>
                      </Popconfirm>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
