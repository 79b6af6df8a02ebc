import type { RedImportStatus } from '@portal/contract';
import Alert from 'antd/es/alert';
import Progress from 'antd/es/progress';
import Table from 'antd/es/table';
import { formatCount } from '../format';

const STATES: Readonly<Record<RedImportStatus['status'], string>> = {
  queued: '排队中',
  running: '导入中',
  done: '导入完成',
  failed: '导入失败',
};

/** An import job as it runs: rows read against the rows expected, the counts, and each bad row. */
export function ImportProgress({ status }: { status: RedImportStatus }) {
  const known = status.expected !== null && status.expected > 0;
  const percent =
    status.status === 'done' ? 100 : known ? Math.min(99, Math.floor((status.total / status.expected!) * 100)) : 0;
  return (
    <div className="red-import-progress">
      <p className="red-import-state" aria-live="polite">
        {STATES[status.status]}：已读取 {formatCount(status.total)}
        {known ? ` / ${formatCount(status.expected!)}` : ''} 行
      </p>
      <Progress
        percent={percent}
        status={status.status === 'failed' ? 'exception' : status.status === 'done' ? 'success' : 'active'}
        showInfo={known || status.status !== 'running'}
      />
      <ul className="red-import-counts">
        <li>
          导入 <strong>{formatCount(status.imported)}</strong> 条
        </li>
        <li>
          重复 <strong>{formatCount(status.duplicates)}</strong> 条（按笔记ID，未重复导入）
        </li>
        <li>
          有误 <strong>{formatCount(status.failed)}</strong> 行
        </li>
      </ul>
      {status.message ? <Alert type="error" showIcon title={status.message} /> : null}
      {status.errors.length > 0 ? (
        <>
          <h4>
            有误的行
            {status.failed > status.errors.length ? `（显示前 ${status.errors.length} 行）` : ''}
          </h4>
          <Table
            size="small"
            rowKey={(e) => `${e.row}-${e.message}`}
            dataSource={status.errors}
            pagination={status.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[
              { key: 'row', title: '行号', dataIndex: 'row', width: 80 },
              { key: 'message', title: '原因', dataIndex: 'message' },
            ]}
          />
        </>
      ) : null}
    </div>
  );
}
