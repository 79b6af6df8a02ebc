import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { fetchBlob } from '../../../lib/fetch-blob';
import { splitUrl } from './work-image';

/** Saves a blob under a name, the way a download link would. */
function save(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** PNG (transparent where the image is) and JPG (on white) downloads of a work's image. */
export function DownloadButtons({ url, name }: { url: string; name: string }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (format: 'png' | 'jpg') => {
    setBusy(format);
    try {
      const { path, params } = splitUrl(url);
      save(await fetchBlob(path, { params: { ...params, format } }), `${name}.${format}`);
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
