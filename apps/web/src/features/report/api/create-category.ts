import { api } from '../../../lib/api';

/** `POST /api/report/admin/category/create`: a shared category (administrators). */
export const createCategory = (name: string): Promise<unknown> =>
  api.post('/api/report/admin/category/create', { name });
