import Alert from 'antd/es/alert';
import Drawer from 'antd/es/drawer';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import type { DocCitation, SliceDetail } from '@portal/contract';
import { useEffect, useState } from 'react';
import { PdfViewer } from '../../../components/pdf-viewer';
import { usePhoneLayout } from '../../../lib/phone-layout';
import { reportPdf } from '../api/get-report-pdf';
import { fetchSlice } from '../api/get-slice';
import { reportMeta } from './report-list';

interface SliceViewerProps {
  citation: DocCitation | null;
  onClose: () => void;
  /** Loaders, replaceable in tests. */
  loadSlice?: (chunkId: string) => Promise<SliceDetail>;
  loadPdf?: (fileUrl: string) => Promise<Blob>;
}

type State =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; slice: SliceDetail; pdf: Blob | null; pdfFailed: boolean };

/** The cited slice, and the report opened at the cited page with the slice marked on it. */
export function SliceViewer({ citation, onClose, loadSlice = fetchSlice, loadPdf = reportPdf }: SliceViewerProps) {
  const phone = usePhoneLayout();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const chunkId = citation?.chunk_id;

  useEffect(() => {
    if (!chunkId) return;
    let cancelled = false;
    setState({ kind: 'loading' });
    loadSlice(chunkId)
      .then(async (slice) => {
        if (cancelled) return;
        setState({ kind: 'ready', slice, pdf: null, pdfFailed: false });
        const pdf = await loadPdf(slice.file_url).catch(() => null);
        if (!cancelled) setState({ kind: 'ready', slice, pdf, pdfFailed: pdf === null });
      })
      .catch(() => {
        if (!cancelled) setState({ kind: 'error', message: '引用的报告片段不存在或已被删除' });
      });
    return () => {
      cancelled = true;
    };
  }, [chunkId, loadSlice, loadPdf]);

  return (
    <Drawer
      open={citation !== null}
      onClose={onClose}
      title={citation ? `引用 [${citation.index}] ${citation.file_name}` : '引用'}
      placement={phone ? 'bottom' : 'right'}
      size={phone ? '85%' : 720}
      destroyOnHidden
    >
      {state.kind === 'loading' ? (
        <Skeleton active />
      ) : state.kind === 'error' ? (
        <Alert type="error" showIcon title={state.message} />
      ) : (
        <div className="report-slice">
          <Typography.Text type="secondary">
            {state.slice.report.title}
            {state.slice.page !== null ? ` · 第${state.slice.page}页` : ''}
            {reportMeta(state.slice.report) ? ` · ${reportMeta(state.slice.report)}` : ''}
          </Typography.Text>
          <mark className="report-slice-text" data-testid="slice-text">
            {state.slice.text}
          </mark>
          <PdfViewer
            data={state.pdf}
            failed={state.pdfFailed}
            page={state.slice.page ?? 1}
            position={state.slice.position ?? null}
            title={state.slice.report.title}
          />
        </div>
      )}
    </Drawer>
  );
}
