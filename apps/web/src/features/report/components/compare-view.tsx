import Typography from 'antd/es/typography';
import { briefOriginLabels, type DocCitation, type ReportComparison } from '@portal/contract';
import { CitationChips } from './citation-chips';

const NOT_COVERED = '该报告中没有找到相关内容。';

/** Two reports side by side, section by section, with what differs (one column on phones). */
export function ComparisonView({
  comparison,
  citations,
  onOpen,
}: {
  comparison: ReportComparison;
  citations: readonly DocCitation[];
  onOpen: (c: DocCitation) => void;
}) {
  return (
    <div className="report-compare">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        报告对比
      </Typography.Title>
      <Typography.Paragraph type="secondary">{briefOriginLabels[comparison.origin]}</Typography.Paragraph>
      {comparison.rows.map((row) => (
        <section key={row.key} className="report-compare-row">
          <h5>{row.title}</h5>
          <div className="report-compare-sides">
            {[row.left, row.right].map((side, i) => (
              <div key={i} className="report-compare-side">
                <div className="report-compare-name">{comparison.reports[i]!.title}</div>
                <p>{side.text || NOT_COVERED}</p>
                <CitationChips citations={citations} only={side.citations} onOpen={onOpen} />
              </div>
            ))}
          </div>
          {row.difference ? <p className="report-compare-difference">差异：{row.difference}</p> : null}
        </section>
      ))}
    </div>
  );
}
