import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Tag from 'antd/es/tag';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import {
  MARKETING_COMPARE_MAX,
  MARKETING_COMPARE_MIN,
  MARKETING_SECTIONS,
  type MarketingCollection,
} from '@portal/contract';
import { AnswerMarkdown } from '../../../components/thread';

interface CompareViewProps {
  cases: MarketingCollection[];
  onBack(): void;
}

function Cell({ text }: { text: string }) {
  return text ? <AnswerMarkdown content={text} /> : <span className="mk-compare-missing">未提及</span>;
}

/**
 * 2–3 saved cases section by section: a table with one column per case on a desk; on a phone the
 * same sections stacked, each with the cases one under another (CSS picks the layout).
 */
export function CompareView({ cases, onBack }: CompareViewProps) {
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
      返回收藏
    </Button>
  );
  if (cases.length < MARKETING_COMPARE_MIN || cases.length > MARKETING_COMPARE_MAX) {
    return (
      <div className="mk-compare">
        <div className="mk-compare-head">{back}</div>
        <Empty description={`请在收藏中选择 ${MARKETING_COMPARE_MIN}–${MARKETING_COMPARE_MAX} 个案例进行对比`} />
      </div>
    );
  }
  return (
    <div className="mk-compare" data-testid="mk-compare">
      <div className="mk-compare-head">
        {back}
        <span className="mk-compare-count">对比 {cases.length} 个案例</span>
      </div>
      <div className="mk-compare-table-wrap">
        <table className="mk-compare-table" aria-label="案例对比表">
          <thead>
            <tr>
              <th scope="col" className="mk-compare-corner">
                对比项
              </th>
              {cases.map((c) => (
                <th scope="col" key={c.collect_id}>
                  <div className="mk-compare-title">{c.title}</div>
                  <div>
                    {c.tags.map((t) => (
                      <Tag key={t}>{t}</Tag>
                    ))}
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {MARKETING_SECTIONS.map((section) => (
              <tr key={section.key}>
                <th scope="row">{section.title}</th>
                {cases.map((c) => (
                  <td key={c.collect_id}>
                    <Cell text={c.sections[section.key]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mk-compare-stacked" aria-label="案例分部分对比">
        {MARKETING_SECTIONS.map((section) => (
          <section key={section.key} className="mk-compare-section">
            <h3>{section.title}</h3>
            {cases.map((c, i) => (
              <div key={c.collect_id} className="mk-compare-case">
                <div className="mk-compare-case-title">
                  <span className="mk-compare-index">{i + 1}</span>
                  {c.title}
                </div>
                <Cell text={c.sections[section.key]} />
              </div>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
