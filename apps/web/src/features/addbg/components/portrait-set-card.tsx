import { DeleteOutlined, ExperimentOutlined, SmileOutlined } from '@ant-design/icons';
import {
  ADDBG_MAX_VARIANTS,
  facechainSetStatusNames,
  type FacechainPhotoSet,
  type FacechainSetStatus,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, InputNumber, Popconfirm, Progress, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { SignedImage } from '../../../components/signed-image/signed-image';
import { deletePhotoSet, generatePortraits, trainPhotoSet, usePortraitStyles } from '../api/facechain';
import { addbgKeys } from '../api/keys';
import { WorkResult } from './work-result';

const STATUS_COLORS: Record<FacechainSetStatus, string> = {
  untrained: 'default',
  queued: 'processing',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

/** One photo set: its state and training progress, training, portraits in a style, deletion. */
export function PortraitSetCard({ set }: { set: FacechainPhotoSet }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const styles = usePortraitStyles();
  const [styleId, setStyleId] = useState<string>();
  const [count, setCount] = useState(1);
  const [busy, setBusy] = useState<'train' | 'generate' | 'delete' | null>(null);
  /** Portraits started here, newest first. */
  const [workIds, setWorkIds] = useState<string[]>([]);
  const chosen = styleId ?? styles.data?.[0]?.id;
  const training = set.status === 'queued' || set.status === 'running';

  const act = async (kind: 'train' | 'generate' | 'delete') => {
    setBusy(kind);
    try {
      if (kind === 'train') await trainPhotoSet(set.photos_id);
      if (kind === 'delete') {
        await deletePhotoSet(set.photos_id);
        void message.success('照片集及其照片、个人模型和写真已删除');
      }
      if (kind === 'generate' && chosen) {
        const workId = await generatePortraits({ photos_id: set.photos_id, style_id: chosen, count });
        setWorkIds((ids) => [workId, ...ids]);
      }
      void client.invalidateQueries({ queryKey: addbgKeys.photoSets() });
    } catch (error) {
      void message.error(error instanceof Error ? error.message : '操作失败，请重试');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card size="small" className="ab-portrait-set" aria-label={`照片集 ${set.name}`}>
      <div className="ab-source">
        {set.cover_url && (
          <SignedImage url={set.cover_url} alt="" style={{ width: 64, height: 64, borderRadius: 6, flex: 'none' }} />
        )}
        <div style={{ minWidth: 0, flex: 1 }}>
          <div className="ab-portrait-set__title">
            <strong>{set.name}</strong>
            <Tag color={STATUS_COLORS[set.status]}>{facechainSetStatusNames[set.status]}</Tag>
          </div>
          <div className="ab-muted">
            {set.photo_count} 张照片 · {set.message}
          </div>
          {training && <Progress percent={set.progress} status="active" size="small" />}
        </div>
      </div>
      <Space wrap style={{ marginTop: 8 }}>
        {(set.status === 'untrained' || set.status === 'failed') && (
          <Button
            type="primary"
            icon={<ExperimentOutlined />}
            loading={busy === 'train'}
            onClick={() => void act('train')}
          >
            {set.status === 'failed' ? '重新训练' : '开始训练'}
          </Button>
        )}
        {set.status === 'done' && (
          <>
            <Select
              aria-label="写真风格"
              style={{ minWidth: 130 }}
              value={chosen}
              onChange={setStyleId}
              options={(styles.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
            <InputNumber
              aria-label="张数"
              min={1}
              max={ADDBG_MAX_VARIANTS}
              value={count}
              onChange={(v) => setCount(v ?? 1)}
              addonAfter="张"
              style={{ width: 110 }}
            />
            <Button
              type="primary"
              icon={<SmileOutlined />}
              disabled={!chosen}
              loading={busy === 'generate'}
              onClick={() => void act('generate')}
            >
              生成写真
            </Button>
          </>
        )}
        <Popconfirm
          title="删除这个照片集？"
          description={
            <div className="ab-portrait-set__confirm">照片、训练出的个人模型和用它生成的写真会一起删除，无法恢复。</div>
          }
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => act('delete')}
        >
          <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'}>
            删除
          </Button>
        </Popconfirm>
      </Space>
      {workIds.map((id) => (
        <div key={id} style={{ marginTop: 12 }}>
          <WorkResult workId={id} title="人像写真" reveal />
        </div>
      ))}
    </Card>
  );
}
