import { type ReportConversation, reportEndpoints } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/** `POST /api/report/conversation/create` on the chosen reports. */
export const createConversation = (reportIds: string[]): Promise<ReportConversation> =>
  callEndpoint(reportEndpoints.conversationCreate, { body: { report_ids: reportIds } });
