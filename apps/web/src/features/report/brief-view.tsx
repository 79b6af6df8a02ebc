import Typography from 'antd/es/typography';
import type { DocCitation, IndustryBrief } from '@portal/contract';
import { CitationChips } from './citation-chips';

/** The structured industry brief: each item quotes a report with its source. */
export function BriefView({
  brief,
  citations,
  onOpen,
}: {
  brief: IndustryBrief;
  citations: readonly DocCitation[];
  onOpen: (c: DocCitation) => void;
}) {
  return (
    <div className="report-brief">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        行业简报
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        摘录式简报：每条内容均摘自所选报告原文，点击出处可查看原文页。
      </Typography.Paragraph>
      {brief.sections.map((section) => (
        <section key={section.key} className="report-brief-section">
          <Typography.Title level={5}>{section.title}</Typography.Title>
          {section.items.length === 0 ? (
            <Typography.Text type="secondary">所选报告中没有找到相关内容。</Typography.Text>
          ) : (
            <ul>
              {section.items.map((item, i) => (
                <li key={i}>
                  <span>{item.text}</span>
                  <CitationChips citations={citations} only={item.citations} onOpen={onOpen} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
