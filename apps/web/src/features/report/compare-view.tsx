import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Skeleton from 'antd/es/skeleton';
import type { DocCitation, ReportSummary } from '@portal/contract';
import { useState } from 'react';
import { compareReports } from './api';
import { CitationChips } from './citation-chips';

interface CompareViewProps {
  open: boolean;
  reports: readonly ReportSummary[];
  onClose: () => void;
  onOpen: (c: DocCitation) => void;
}

/** Two reports side by side, section by section (one column on phones). */
export function CompareView({ open, reports, onClose, onOpen }: CompareViewProps) {
  const [left, setLeft] = useState(reports[0]?.report_id ?? '');
  const [right, setRight] = useState(reports[1]?.report_id ?? '');
  const options = reports.map((r) => ({ value: r.report_id, label: r.title }));
  const query = useQuery({
    queryKey: ['report-compare', left, right],
    queryFn: () => compareReports([left, right]),
    enabled: open && Boolean(left && right) && left !== right,
  });
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="报告对比" width={960}>
      <div className="report-compare-pick">
        <Select aria-label="左侧报告" value={left} options={options} onChange={setLeft} />
        <Select aria-label="右侧报告" value={right} options={options} onChange={setRight} />
      </div>
      {left === right ? (
        <Alert type="warning" showIcon title="请选择两份不同的报告进行对比" />
      ) : query.isPending ? (
        <Skeleton active />
      ) : query.isError ? (
        <Alert type="error" showIcon title="对比失败，请稍后重试" />
      ) : (
        <div className="report-compare">
          {query.data.rows.map((row) => (
            <section key={row.key} className="report-compare-row">
              <h5>{row.title}</h5>
              <div className="report-compare-sides">
                {[row.left, row.right].map((side, i) => (
                  <div key={i} className="report-compare-side">
                    <div className="report-compare-name">{query.data.reports[i]!.title}</div>
                    <p>{side.text}</p>
                    {side.citation ? <CitationChips citations={[side.citation]} onOpen={onOpen} /> : null}
                  </div>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </Modal>
  );
}
