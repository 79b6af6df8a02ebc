import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import { useCreateAccessRequest } from '../api/create-access-request';
import { useMyAccessRequests } from '../api/get-my-access-requests';

interface Props {
  appKey: string;
  appName: string;
  /**
   * Asked while a grant has arrived but the page's account does not show it yet: the page takes in
   * the new rights (the poll's own 1004 usually has done it already).
   */
  onGranted: () => void;
}

/**
 * On /landing: ask for the app with a reason (申请权限), and see where the request stands. While a
 * request waits, the page asks every few seconds, so an approval or a refusal (with the
 * administrator's reason) shows within seconds; the grant's new rights are taken in quietly, and
 * the page offers to open the app.
 */
export function AccessRequestPanel({ appKey, appName, onGranted }: Props) {
  // An approval this page saw arrive is a grant on its way; one already there when the page opened
  // (and the account still without the app) was withdrawn since, and the person may ask again.
  const [sawPending, setSawPending] = useState(false);
  const mine = useMyAccessRequests((data) => {
    const status = data?.list.find((r) => r.app_key === appKey)?.status;
    return status === 'pending' || (status === 'approved' && sawPending);
  });
  const create = useCreateAccessRequest();
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const latest = mine.data?.list.find((r) => r.app_key === appKey);
  if (latest?.status === 'pending' && !sawPending) setSawPending(true);
  const approved = latest?.status === 'approved' && sawPending;
  const checkedAt = mine.dataUpdatedAt;

  useEffect(() => {
    if (approved) onGranted();
  }, [approved, checkedAt, onGranted]);

  if (mine.isLoading) return null;
  if (latest?.status === 'pending') {
    return (
      <Alert
        type="info"
        showIcon
        role="status"
        message={`已申请「${appName}」，等待管理员处理`}
        description="管理员处理后，这里会自动更新"
      />
    );
  }
  if (approved) {
    return <Alert type="success" showIcon role="status" message="申请已通过，正在更新权限…" />;
  }
  const denied =
    latest?.status === 'denied' ? (
      <Alert
        type="warning"
        showIcon
        role="status"
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
