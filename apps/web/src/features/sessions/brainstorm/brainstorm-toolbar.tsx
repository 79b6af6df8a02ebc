import Button from 'antd/es/button';
import Select from 'antd/es/select';
import BulbOutlined from '@ant-design/icons/es/icons/BulbOutlined';
import ClusterOutlined from '@ant-design/icons/es/icons/ClusterOutlined';
import { BRAINSTORM_METHODS, brainstormMethodLabels, type BrainstormMethod } from '@portal/contract';

export const methodOptions = BRAINSTORM_METHODS.map((m) => ({ value: m, label: brainstormMethodLabels[m] }));

interface BrainstormToolbarProps {
  method: BrainstormMethod;
  onMethod(method: BrainstormMethod): void;
  busy: boolean;
  /** A round exists, so a summary can be made. */
  hasRounds: boolean;
  onRound(): void;
  onSummary(): void;
}

/** Pick the method, start the next round, or close with a summary. */
export function BrainstormToolbar({ method, onMethod, busy, hasRounds, onRound, onSummary }: BrainstormToolbarProps) {
  return (
    <div className="session-toolbar" role="group" aria-label="头脑风暴">
      <Select
        className="session-method"
        value={method}
        options={methodOptions}
        onChange={onMethod}
        aria-label="发散方法"
        popupMatchSelectWidth={false}
      />
      <Button type="primary" icon={<BulbOutlined />} disabled={busy} onClick={onRound}>
        开始新一轮
      </Button>
      <Button icon={<ClusterOutlined />} disabled={busy || !hasRounds} onClick={onSummary}>
        生成总结
      </Button>
    </div>
  );
}
