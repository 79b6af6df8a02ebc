import { type RedInsightFilter } from '@portal/contract';
import { redEndpoints } from '@portal/contract/endpoints/red';
import { fetchBlob } from '../../../lib/fetch-blob';
import { cleanFilter } from './insight';

/** Downloads the filtered notes as xlsx (the reply is a file, fetched with the sign-in headers). */
export async function downloadExport(filter: RedInsightFilter): Promise<void> {
  const blob = await fetchBlob(redEndpoints.exportArticles.path, {
    params: cleanFilter(filter) as Record<string, string | number>,
    accept: (type) => type.includes('spreadsheetml'),
    failure: '导出失败，请稍后重试',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `笔记导出_${filter.start ?? ''}_${filter.end ?? ''}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
