import { type ReportCategory } from '@portal/contract';
import { reportEndpoints } from '@portal/contract/endpoints/report';
import { callEndpoint } from '../../../lib/call-endpoint';

/** `POST /api/report/admin/category/create`: a shared category (administrators), still empty. */
export const createCategory = (name: string): Promise<ReportCategory> =>
  callEndpoint(reportEndpoints.createCategory, { body: { name } });
