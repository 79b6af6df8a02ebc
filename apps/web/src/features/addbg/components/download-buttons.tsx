import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { fetchBlob } from '../../../lib/fetch-blob';
import { saveBlob } from '../../../lib/save-blob';
import { splitUrl } from '../../../components/signed-image/signed-image';

/** PNG (transparent where the image is) and JPG (on white) downloads of a work's image. */
export function DownloadButtons({ url, name }: { url: string; name: string }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (format: 'png' | 'jpg') => {
    setBusy(format);
    try {
      const { path, params } = splitUrl(url);
      saveBlob(await fetchBlob(path, { params: { ...params, format } }), `${name}.${format}`);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : '下载失败，请稍后重试');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space size={4}>
      <Button size="small" icon={<DownloadOutlined />} loading={busy === 'png'} onClick={() => void download('png')}>
        PNG
      </Button>
      <Button size="small" icon={<DownloadOutlined />} loading={busy === 'jpg'} onClick={() => void download('jpg')}>
        JPG
      </Button>
    </Space>
  );
}
