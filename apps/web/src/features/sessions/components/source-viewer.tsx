import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import ExportOutlined from '@ant-design/icons/es/icons/ExportOutlined';
import { useQuery } from '@tanstack/react-query';
import type { SessionFile } from '@portal/contract';
import { PdfViewer } from '../../../components/pdf-viewer';
import { fetchBlob } from '../../../lib/fetch-blob';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { getSlice } from '../api/session-api';
import type { SessionModuleConfig } from '../config/session-modules';
import { placeLabel, type SourceTarget } from '../store/citation-links';

interface SourceViewerProps {
  module: Pick<SessionModuleConfig, 'name'>;
  sessionId: string;
  target: SourceTarget | null;
  /** The cited passage, when the viewer was opened from a citation. */
  chunkId: string | null;
  /** The cited file when it is in the session (it may have been deleted since). */
  file?: SessionFile;
  onClose(): void;
}

/**
 * The download needs the access token, which the browser cannot add to a plain URL: the PDF is
 * fetched with it; the viewer draws the bytes, and a blob URL opens them in a new tab.
 */
function usePdfBlob(file: SessionFile | undefined) {
  const [state, setState] = useState<{ blob?: Blob; url?: string; error?: boolean }>({});
  const isPdf = file?.mime === 'application/pdf';
  const downloadPath = file?.url ?? '';
  useEffect(() => {
    if (!isPdf || !downloadPath) return;
    let url: string | undefined;
    const controller = new AbortController();
    setState({});
    fetchBlob(downloadPath, { signal: controller.signal })
      .then((bytes) => {
        const blob = new Blob([bytes], { type: 'application/pdf' });
        url = URL.createObjectURL(blob);
        setState({ blob, url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ error: true });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [isPdf, downloadPath]);
  return state;
}

/** The cited passage, and for a PDF the document opened at the cited page with the passage marked. */
export function SourceViewer({ module, sessionId, target, chunkId, file, onClose }: SourceViewerProps) {
  const phone = usePhoneLayout();
  const isPdf = file?.mime === 'application/pdf';
  const pdf = usePdfBlob(target ? file : undefined);
  const slice = useQuery({
    queryKey: ['session-slice', module.name, sessionId, chunkId],
    queryFn: () => getSlice(module, sessionId, chunkId!),
    enabled: Boolean(target && isPdf && chunkId),
    staleTime: Infinity,
    retry: false,
  });
  const at = target ? placeLabel(target) : '';
  const page = target?.page ?? 1;
  const pageUrl = pdf.url ? `${pdf.url}#page=${page}` : undefined;
  // Opened from an address alone, the passage may not be in memory: the server's copy stands in.
  const quote = target?.quote || slice.data?.text || '';
  const sliceSettled = !chunkId || !slice.isPending;

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
          {quote ? (
            <blockquote className="source-quote" aria-label="引用原文">
              <mark>{quote}</mark>
            </blockquote>
          ) : null}
          {!file && target.fileId ? <Alert type="warning" showIcon title="该文件已不在会话中" /> : null}
          {!target.fileId ? <Alert type="info" showIcon title="来自粘贴的文本" /> : null}
          {file && !isPdf ? <Alert type="info" showIcon title={`${file.name}${at ? `，${at}` : ''}`} /> : null}
          {file && isPdf && sliceSettled ? (
            <PdfViewer
              data={pdf.blob ?? null}
              failed={pdf.error}
              page={slice.data?.page ?? page}
              position={chunkId || quote ? (slice.data?.position ?? null) : undefined}
              title={file.name}
            />
          ) : null}
        </div>
      ) : null}
    </Drawer>
  );
}
