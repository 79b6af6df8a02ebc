import { useState } from 'react';
import type { AuditEntryView } from '@portal/contract';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { downloadAuditCsv, useAudit, type AuditFilter } from '../api/get-audit';

const PAGE_SIZE = 20;

const ACTION_LABEL: Record<string, string> = {
  'login.success': '登录成功',
  'login.failure': '登录失败',
  'code.issue': '签发一次性授权码',
  'audit.export': '导出审计日志',
  'admin.quota.set': '设置配额',
  'admin.quota.delete': '删除配额',
  'admin.directory.sync': '手动同步通讯录',
  'directory.sync': '通讯录同步完成',
  'admin.app.icon-upload': '上传应用图标',
};

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/** Sign-ins, admin changes with before/after, code issues and exports; filter, page, export CSV. */
export function AuditTab() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();
  const audit = useAudit(filter, page, PAGE_SIZE);
  const apply = (next: AuditFilter) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage(1);
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Input.Search
          allowClear
          placeholder="操作人登录名"
          style={{ width: 180 }}
          onSearch={(v) => apply({ actor: v.trim() || undefined })}
        />
        <Input.Search
          allowClear
          placeholder="操作（如 admin.rule.set）"
          style={{ width: 220 }}
          onSearch={(v) => apply({ action: v.trim() || undefined })}
        />
        <DatePicker.RangePicker
          showTime
          onChange={(range) =>
            apply({ from: range?.[0]?.toDate().toISOString(), to: range?.[1]?.toDate().toISOString() })
          }
        />
        <Button
          loading={exporting}
          onClick={() => {
            setExporting(true);
            setExportError(undefined);
            downloadAuditCsv(filter)
              .catch((e: unknown) => setExportError(e instanceof Error ? e.message : '导出失败，请重试'))
              .finally(() => setExporting(false));
          }}
        >
          导出 CSV
        </Button>
        {exportError ? <Typography.Text type="danger">{exportError}</Typography.Text> : null}
      </Flex>
      <Table<AuditEntryView>
        rowKey="id"
        size="small"
        loading={audit.isFetching}
        dataSource={audit.data?.list ?? []}
        scroll={{ x: 800 }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: audit.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        expandable={{
          expandedRowRender: (r) => (
            <Flex gap={16} wrap>
              <div>
                <Typography.Text strong>之前</Typography.Text>
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{json(r.before)}</pre>
              </div>
              <div>
                <Typography.Text strong>之后</Typography.Text>
                <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{json(r.after)}</pre>
              </div>
            </Flex>
          ),
        }}
        columns={[
          { title: '时间', dataIndex: 'at', width: 180, render: (v: string) => new Date(v).toLocaleString('zh-CN') },
          { title: '操作人', dataIndex: 'actor_login', width: 120 },
          { title: '操作', dataIndex: 'action', render: (v: string) => ACTION_LABEL[v] ?? v },
          { title: '对象', dataIndex: 'target' },
          { title: '来源', dataIndex: 'ip', width: 130 },
          { title: '说明', dataIndex: 'detail', ellipsis: true },
        ]}
      />
    </Flex>
  );
}
