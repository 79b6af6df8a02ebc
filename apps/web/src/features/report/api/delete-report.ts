import { api } from '../../../lib/api';

/** `POST /api/report/file/delete`: an own upload, or a shared one (administrators). */
export async function deleteReport(reportId: string): Promise<void> {
  await api.post('/api/report/file/delete', { report_id: reportId });
}
