import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import {
  addbgEndpoints,
  FACECHAIN_MAX_PHOTOS,
  FACECHAIN_MIN_PHOTOS,
  IMAGE_UPLOAD_MAX_BYTES,
  type StoredFile,
} from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Input, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { SignedImage } from '../../../components/signed-image/signed-image';
import { FileUpload } from '../../../components/upload';
import { addPhotoSet, usePhotoSets } from '../api/facechain';
import { addbgKeys } from '../api/keys';
import { PortraitConsent } from './portrait-consent';
import { PortraitSetCard } from './portrait-set-card';

const RULES = { kinds: ['image'] as const, maxBytes: IMAGE_UPLOAD_MAX_BYTES };
const photoUrl = (fileId: string) => `${addbgEndpoints.download.path}?file_id=${encodeURIComponent(fileId)}`;

/**
 * 人像写真: a new photo set (the consent dialog comes before the first upload), the user's sets
 * with their training, and portraits in a style with each trained set.
 */
export function PortraitStudio() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const sets = usePhotoSets(true);
  const [consented, setConsented] = useState(false);
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState('');
  const [photos, setPhotos] = useState<StoredFile[]>([]);
  const [saving, setSaving] = useState(false);
  /** Changed after a set is created: the upload zone starts over instead of still listing the old files. */
  const [uploadRound, setUploadRound] = useState(0);

  const create = async () => {
    setSaving(true);
    try {
      await addPhotoSet({
        name: name.trim() || '我的照片',
        file_ids: photos.map((p) => p.file_id),
        consent: consented,
      });
      setPhotos([]);
      setName('');
      setUploadRound((n) => n + 1);
      void client.invalidateQueries({ queryKey: addbgKeys.photoSets() });
      void message.success('照片集已创建，可以开始训练');
    } catch (error) {
      void message.error(error instanceof Error ? error.message : '创建失败，请重试');
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="ab-portrait">
      <Card size="small" title="新建照片集">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          上传 {FACECHAIN_MIN_PHOTOS}–{FACECHAIN_MAX_PHOTOS}{' '}
          张本人清晰正脸照片（JPG、PNG、WebP），光线均匀、不戴墨镜效果更好。
        </Typography.Paragraph>
        <Input
          aria-label="照片集名称"
          placeholder="照片集名称，例如：我的照片"
          maxLength={60}
          value={name}
          onChange={(ev) => setName(ev.target.value)}
          style={{ marginBottom: 8 }}
        />
        {consented ? (
          <FileUpload
            key={uploadRound}
            action={addbgEndpoints.upload.path}
            rules={RULES}
            accept="image/png,image/jpeg,image/webp"
            hint="支持 JPG、PNG、WebP，单张不超过 10MB，可一次选多张"
            multiple
            disabled={photos.length >= FACECHAIN_MAX_PHOTOS}
            onUploaded={(file) => setPhotos((list) => [...list, file].slice(0, FACECHAIN_MAX_PHOTOS))}
          />
        ) : (
          <Button icon={<UploadOutlined />} onClick={() => setAsking(true)}>
            上传照片
          </Button>
        )}
        {photos.length > 0 && (
          <div className="ab-portrait__photos">
            {photos.map((p) => (
              <div key={p.file_id} className="ab-portrait__photo">
                <SignedImage
                  url={photoUrl(p.file_id)}
                  alt={p.name}
                  style={{ width: 72, height: 72, borderRadius: 6 }}
                />
                <Button
                  size="small"
                  shape="circle"
                  icon={<CloseOutlined />}
                  aria-label={`移除 ${p.name}`}
                  onClick={() => setPhotos((list) => list.filter((x) => x.file_id !== p.file_id))}
                />
              </div>
            ))}
          </div>
        )}
        {/* A line of its own: next to 上传照片 the two buttons touched and sat 8 px apart in height. */}
        <div className="ab-portrait__create">
          <Button
            type="primary"
            disabled={photos.length < FACECHAIN_MIN_PHOTOS}
            loading={saving}
            onClick={() => void create()}
          >
            创建照片集（{photos.length}/{FACECHAIN_MIN_PHOTOS}+）
          </Button>
        </div>
      </Card>
      <PortraitConsent
        open={asking}
        onAgree={() => {
          setConsented(true);
          setAsking(false);
        }}
        onCancel={() => setAsking(false)}
      />
      <Typography.Title level={5} style={{ margin: '16px 0 8px' }}>
        我的照片集
      </Typography.Title>
      {sets.isPending ? (
        <Skeleton active />
      ) : sets.data?.length ? (
        sets.data.map((set) => <PortraitSetCard key={set.photos_id} set={set} />)
      ) : (
        <Empty description="还没有照片集" />
      )}
    </div>
  );
}
