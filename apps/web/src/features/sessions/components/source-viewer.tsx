import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Spin from 'antd/es/spin';
import ExportOutlined from '@ant-design/icons/es/icons/ExportOutlined';
import type { SessionFile } from '@portal/contract';
import { api } from '../../../lib/api';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { placeLabel, type SourceTarget } from '../store/citation-links';

interface SourceViewerProps {
  target: SourceTarget | null;
  /** The cited file when it is in the session (it may have been deleted since). */
  file?: SessionFile;
  onClose(): void;
}

/**
 * The download needs the access token, which a frame cannot send: the PDF is fetched with it and
 * shown from a blob URL, where the browser's own viewer honours `#page=N`.
 */
function usePdfBlob(file: SessionFile | undefined) {
  const [state, setState] = useState<{ url?: string; error?: boolean }>({});
  const isPdf = file?.mime === 'application/pdf';
  const downloadUrl = file ? api.url(file.url) : '';
  useEffect(() => {
    if (!isPdf || !downloadUrl) return;
    let url: string | undefined;
    const controller = new AbortController();
    setState({});
    fetch(downloadUrl, { headers: api.headers(), signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setState({ url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ error: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [isPdf, downloadUrl]);
  return state;
}

/** The cited passage, and for a PDF the document opened at the cited page. */
export function SourceViewer({ target, file, onClose }: SourceViewerProps) {
  const phone = usePhoneLayout();
  const pdf = usePdfBlob(target ? file : undefined);
  const at = target ? placeLabel(target) : '';
  const pageUrl = pdf.url ? `${pdf.url}#page=${target?.page ?? 1}` : undefined;

  return (
    <Drawer
      open={Boolean(target)}
      onClose={onClose}
      placement={phone ? 'bottom' : 'right'}
      size={phone ? '90dvh' : 720}
      title={target ? `${target.fileName}${at ? ` · ${at}` : ''}` : ''}
      extra={
        pageUrl ? (
          <Button icon={<ExportOutlined />} href={pageUrl} target="_blank" rel="noopener">
            新标签页打开
          </Button>
        ) : null
      }
      destroyOnHidden
    >
      {target ? (
        <div className="source-viewer" data-testid="source-viewer">
          {target.quote ? (
            <blockquote className="source-quote" aria-label="引用原文">
              <mark>{target.quote}</mark>
            </blockquote>
          ) : null}
          {!file && target.fileId ? <Alert type="warning" showIcon title="该文件已不在会话中" /> : null}
          {!target.fileId ? <Alert type="info" showIcon title="来自粘贴的文本" /> : null}
          {file && file.mime !== 'application/pdf' ? (
            <Alert type="info" showIcon title={`${file.name}${at ? `，${at}` : ''}`} />
          ) : null}
          {file?.mime === 'application/pdf' ? (
            pdf.error ? (
              <Alert type="error" showIcon title="PDF 加载失败，请稍后重试" />
            ) : pageUrl ? (
              <iframe
                key={pageUrl}
                className="source-pdf"
                title={`${file.name} ${at}`}
                src={pageUrl}
                data-page={target.page ?? 1}
                data-testid="source-pdf"
              />
            ) : (
              <Spin description="正在打开 PDF…">
                <div style={{ height: 120 }} />
              </Spin>
            )
          ) : null}
        </div>
      ) : null}
    </Drawer>
  );
}
