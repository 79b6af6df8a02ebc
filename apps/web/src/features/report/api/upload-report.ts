import type { ReportUploadResponse } from '@portal/contract';
import { reportEndpoints } from '@portal/contract/endpoints/report';
import { uploadFile } from '../../../lib/upload';

/** Uploads a PDF for the user alone (我的报告), or into a shared category (administrators). */
export function uploadReport(file: File, categoryId: number | null): Promise<ReportUploadResponse> {
  return uploadFile(file, {
    url: reportEndpoints.upload.path,
    params: categoryId === null ? undefined : { category_id: categoryId },
    schema: reportEndpoints.upload.data,
  });
}
