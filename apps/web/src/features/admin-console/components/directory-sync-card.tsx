import { useState } from 'react';
import type { WorkplaceProvider } from '@portal/contract';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useProviders } from '../api/get-providers';
import { useSyncDirectory, useSyncStatus } from '../api/sync-directory';

const STATE_TEXT = { queued: '排队中…', active: '同步中…' } as const;

/** "Sync now" per provider: queues the same durable job as the schedule and follows it to its result. */
export function DirectorySyncCard() {
  const providers = useProviders();
  const sync = useSyncDirectory();
  const [jobId, setJobId] = useState<number>();
  const status = useSyncStatus(jobId);
  const job = status.data ?? sync.data;
  const running = sync.isPending || job?.state === 'queued' || job?.state === 'active';

  if ((providers.data?.list.length ?? 0) === 0) return null;
  const start = (provider: WorkplaceProvider) =>
    sync.mutate(provider, { onSuccess: (queued) => setJobId(queued.job_id) });

  return (
    <Card size="small" title="通讯录同步">
      <Flex vertical gap={8}>
        <Flex gap={8} wrap align="center">
          {providers.data?.list.map((p) => (
            <Button
              key={p.name}
              loading={running && (sync.variables === p.name || job?.provider === p.name)}
              disabled={running}
              onClick={() => start(p.name)}
            >
              立即同步{p.label}通讯录
            </Button>
          ))}
        </Flex>
        <div aria-live="polite">
          {job && (job.state === 'queued' || job.state === 'active') ? (
            <Typography.Text type="secondary">{STATE_TEXT[job.state]}</Typography.Text>
          ) : null}
          {job?.state === 'done' && job.result ? (
            <Typography.Text type="success">
              已同步 {job.result.departments} 个部门、{job.result.members} 名成员，{job.result.moved} 人部门有变化
            </Typography.Text>
          ) : null}
          {job && (job.state === 'failed' || job.state === 'cancelled') ? (
            <Alert type="error" showIcon title={job.error ?? '同步失败，请重试'} />
          ) : null}
          {sync.isError || status.isError ? <Alert type="error" showIcon title="无法开始同步，请重试" /> : null}
        </div>
        <Typography.Text type="secondary">通讯录也会按配置的间隔自动同步（默认每 6 小时）。</Typography.Text>
      </Flex>
    </Card>
  );
}
