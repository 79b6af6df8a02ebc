import { useState } from 'react';
import type { AccessRequestStatus, AccessRequestView } from '@portal/contract';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Segmented from 'antd/es/segmented';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useApproveAccessRequest } from '../api/approve-access-request';
import { useDenyAccessRequest } from '../api/deny-access-request';
import { useAccessRequests } from '../api/get-access-requests';

const STATUS: Record<AccessRequestStatus, { label: string; color: string }> = {
  pending: { label: '待处理', color: 'gold' },
  approved: { label: '已通过', color: 'green' },
  denied: { label: '已拒绝', color: 'red' },
};

/** Requests for apps (申请权限): approving writes an allow rule for the person; denying carries a reason. */
export function RequestsTab() {
  const [status, setStatus] = useState<AccessRequestStatus | 'all'>('pending');
  const requests = useAccessRequests(status === 'all' ? undefined : status);
  const approve = useApproveAccessRequest();
  const deny = useDenyAccessRequest();
  const [denying, setDenying] = useState<AccessRequestView>();
  const [reason, setReason] = useState('');

  return (
    <Flex vertical gap={12}>
      <Segmented
        value={status}
        onChange={(v) => setStatus(v as AccessRequestStatus | 'all')}
        options={[
          { value: 'pending', label: '待处理' },
          { value: 'approved', label: '已通过' },
          { value: 'denied', label: '已拒绝' },
          { value: 'all', label: '全部' },
        ]}
      />
      <Table
        rowKey="id"
        size="small"
        loading={requests.isLoading}
        dataSource={requests.data?.list ?? []}
        pagination={{ pageSize: 20 }}
        scroll={{ x: 800 }}
        columns={[
          { title: '申请人', render: (_, r) => `${r.user_name ?? ''}（${r.identity || r.login || ''}）` },
          { title: '应用', dataIndex: 'app_name' },
          { title: '理由', dataIndex: 'reason', ellipsis: true },
          { title: '时间', dataIndex: 'created_at', render: (v: string) => new Date(v).toLocaleString('zh-CN') },
          {
            title: '状态',
            render: (_, r) => (
              <>
                <Tag color={STATUS[r.status].color}>{STATUS[r.status].label}</Tag>
                {r.decision_reason}
              </>
            ),
          },
          {
            title: '操作',
            width: 150,
            render: (_, r) =>
              r.status === 'pending' ? (
                <Space size={4}>
                  <Button size="small" type="primary" loading={approve.isPending} onClick={() => approve.mutate(r.id)}>
                    通过
                  </Button>
                  <Button size="small" danger onClick={() => setDenying(r)}>
                    拒绝
                  </Button>
                </Space>
              ) : null,
          },
        ]}
      />
      <Modal
        open={!!denying}
        title={`拒绝「${denying?.user_name ?? ''}」的申请`}
        okText="拒绝"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        confirmLoading={deny.isPending}
        onCancel={() => setDenying(undefined)}
        onOk={() => {
          if (!denying) return;
          void deny.mutateAsync({ id: denying.id, reason: reason.trim() }).then(() => {
            setDenying(undefined);
            setReason('');
          });
        }}
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          placeholder="拒绝理由（申请人可以看到）"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Flex>
  );
}
