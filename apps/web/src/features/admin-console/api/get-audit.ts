import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditPageSchema, CONSOLE_API_PATHS } from '@portal/contract';
import { api } from '../../../lib/api';
import { fetchBlob } from '../../../lib/fetch-blob';
import { consoleKey } from './query-keys';

export interface AuditFilter {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
}

export const getAudit = (filter: AuditFilter, page: number, pageSize: number) =>
  api.get(CONSOLE_API_PATHS.audit, { params: { ...filter, page, page_size: pageSize }, schema: auditPageSchema });

export function useAudit(filter: AuditFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: consoleKey('audit', filter, page, pageSize),
    queryFn: () => getAudit(filter, page, pageSize),
    placeholderData: keepPreviousData,
  });
}

/** The CSV export, fetched with the signed-in headers and handed to the browser as a download. */
export async function downloadAuditCsv(filter: AuditFilter): Promise<void> {
  const blob = await fetchBlob(CONSOLE_API_PATHS.auditExport, { params: { ...filter }, failure: '导出失败，请重试' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = 'audit-log.csv';
  link.click();
  URL.revokeObjectURL(link.href);
}
