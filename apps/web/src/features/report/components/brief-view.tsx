import Typography from 'antd/es/typography';
import { briefOriginLabels, type DocCitation, type IndustryBrief } from '@portal/contract';
import { CitationChips } from './citation-chips';

/** The structured industry brief: each point with the report passages it rests on, labelled by who wrote it. */
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
      <Typography.Paragraph type="secondary" className="report-brief-origin">
        {briefOriginLabels[brief.origin ?? 'extract']}
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
