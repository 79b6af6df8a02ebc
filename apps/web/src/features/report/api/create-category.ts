import { type ReportCategory, reportEndpoints } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/** `POST /api/report/admin/category/create`: a shared category (administrators), still empty. */
export const createCategory = (name: string): Promise<ReportCategory> =>
  callEndpoint(reportEndpoints.createCategory, { body: { name } });
