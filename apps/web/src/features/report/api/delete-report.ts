import { api } from '../../../lib/api';

/** `POST /api/report/file/delete`: an own upload, or a shared one (administrators). */
export const deleteReport = (reportId: string): Promise<unknown> =>
  api.post('/api/report/file/delete', { report_id: reportId });
