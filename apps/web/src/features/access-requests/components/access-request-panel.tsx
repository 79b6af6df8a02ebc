import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import { useCreateAccessRequest } from '../api/create-access-request';
import { useMyAccessRequests } from '../api/get-my-access-requests';

interface Props {
  appKey: string;
  appName: string;
}

/**
 * On /landing: ask for the app with a reason (申请权限), and see where the request stands. An
 * approval reaches the page by itself: the next API call answers 1004 and the page reloads with
 * the new rights.
 */
export function AccessRequestPanel({ appKey, appName }: Props) {
  const mine = useMyAccessRequests();
  const create = useCreateAccessRequest();
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const latest = mine.data?.list.find((r) => r.app_key === appKey);

  if (mine.isLoading) return null;
  if (latest?.status === 'pending') {
    return <Alert type="info" showIcon message={`已申请「${appName}」，等待管理员处理`} />;
  }
  if (latest?.status === 'approved') {
    return <Alert type="success" showIcon message="申请已通过，正在更新权限…" />;
  }
  const denied =
    latest?.status === 'denied' ? (
      <Alert
        type="warning"
        showIcon
        message="申请未通过"
        description={latest.decision_reason ? `原因：${latest.decision_reason}` : undefined}
      />
    ) : null;

  if (!asking) {
    return (
      <Flex vertical gap={12} align="center">
        {denied}
        <Button onClick={() => setAsking(true)}>{denied ? '重新申请' : '申请权限'}</Button>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8} style={{ width: '100%', maxWidth: 420 }}>
      {denied}
      <Input.TextArea
        rows={3}
        maxLength={500}
        showCount
        placeholder="申请理由（选填），例如：用于撰写周报"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        aria-label="申请理由"
      />
      <Flex gap={8} justify="center">
        <Button
          type="primary"
          loading={create.isPending}
          onClick={() =>
            void create.mutateAsync({ app_key: appKey, reason: reason.trim() }).then(() => setAsking(false))
          }
        >
          提交申请
        </Button>
        <Button onClick={() => setAsking(false)}>取消</Button>
      </Flex>
    </Flex>
  );
}
