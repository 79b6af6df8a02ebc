import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import type { ReportSummary } from '@portal/contract';
import { useState } from 'react';

interface ComparePickerProps {
  reports: readonly ReportSummary[];
  onClose: () => void;
  onStart: (reportIds: [string, string]) => void;
}

/** Picks the two reports of the conversation to put side by side. */
export function ComparePicker({ reports, onClose, onStart }: ComparePickerProps) {
  const [left, setLeft] = useState(reports[0]?.report_id ?? '');
  const [right, setRight] = useState(reports[1]?.report_id ?? '');
  const options = reports.map((r) => ({ value: r.report_id, label: r.title }));
  const same = left === right;
  return (
    <Modal
      open
      title="报告对比"
      okText="开始对比"
      cancelText="取消"
      onCancel={onClose}
      onOk={() => onStart([left, right])}
      okButtonProps={{ disabled: same || !left || !right }}
    >
      <div className="report-compare-pick">
        <Select aria-label="左侧报告" value={left} options={options} onChange={setLeft} />
        <Select aria-label="右侧报告" value={right} options={options} onChange={setRight} />
      </div>
      {same ? <Alert type="warning" showIcon title="请选择两份不同的报告进行对比" /> : null}
    </Modal>
  );
}
