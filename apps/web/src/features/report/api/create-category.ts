import { reportCategorySchema, type ReportCategory } from '@portal/contract';
import { api } from '../../../lib/api';

/** `POST /api/report/admin/category/create`: a shared category (administrators), still empty. */
export const createCategory = (name: string): Promise<ReportCategory> =>
  api.post('/api/report/admin/category/create', { name }, { schema: reportCategorySchema });
