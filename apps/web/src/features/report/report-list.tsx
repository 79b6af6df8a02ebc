import Checkbox from 'antd/es/checkbox';
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
}

/** Categories with their reports; a ready report can be picked for a conversation. */
export function ReportList({ categories, selected, onToggle }: ReportListProps) {
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
                  <Tag color={STATUS_COLOR[r.status]} className="report-status">
                    {docStatusLabels[r.status]}
                  </Tag>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
