import { reportEndpoints } from '@portal/contract/endpoints/report';
import { callEndpoint } from '../../../lib/call-endpoint';

/** `POST /api/report/file/delete`: an own upload, or a shared one (administrators). */
export async function deleteReport(reportId: string): Promise<void> {
  await callEndpoint(reportEndpoints.delete, { body: { report_id: reportId } });
}
