import { reportUploadResponseSchema, type ReportUploadResponse } from '@portal/contract';
import { uploadFile } from '../../../lib/upload';

/** Uploads a PDF for the user alone (我的报告), or into a shared category (administrators). */
export function uploadReport(file: File, categoryId: number | null): Promise<ReportUploadResponse> {
  return uploadFile(file, {
    url: '/api/report/file/upload',
    params: categoryId === null ? undefined : { category_id: categoryId },
    schema: reportUploadResponseSchema,
  });
}
