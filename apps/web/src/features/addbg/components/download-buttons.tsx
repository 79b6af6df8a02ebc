import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Space } from 'antd';
import { useState } from 'react';
import { fetchBlob } from '../../../lib/fetch-blob';
import { saveBlob } from '../../../lib/save-blob';
import { splitUrl } from '../../../components/signed-image/signed-image';

export type DownloadFormat = 'png' | 'jpg' | 'svg';

/**
 * Downloads of a work's image: PNG (transparent where the image is) and JPG (on white) by default;
 * template logos offer SVG instead of JPG.
 */
export function DownloadButtons({
  url,
  name,
  formats = ['png', 'jpg'],
}: {
  url: string;
  name: string;
  formats?: readonly DownloadFormat[];
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (format: DownloadFormat) => {
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
      {formats.map((format) => (
        <Button
          key={format}
          size="small"
          icon={<DownloadOutlined />}
          loading={busy === format}
          aria-label={`下载 ${format.toUpperCase()}`}
          onClick={() => void download(format)}
        >
          {format.toUpperCase()}
        </Button>
      ))}
    </Space>
  );
}
