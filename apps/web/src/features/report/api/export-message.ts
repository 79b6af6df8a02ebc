import { reportEndpoints } from '@portal/contract/endpoints/report';
import { fetchBlob } from '../../../lib/fetch-blob';

/** `GET /api/report/export`: an answer, brief or comparison as Word or Markdown, saved as `name`. */
export async function downloadExport(messageId: string, format: 'md' | 'docx', name: string): Promise<void> {
  const blob = await fetchBlob(reportEndpoints.export.path, {
    params: { message_id: messageId, format },
    failure: '导出失败，请稍后重试',
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.${format}`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
