import { type ReportConversation } from '@portal/contract';
import { reportEndpoints } from '@portal/contract/endpoints/report';
import { callEndpoint } from '../../../lib/call-endpoint';

/** `POST /api/report/conversation/create` on the chosen reports. */
export const createConversation = (reportIds: string[]): Promise<ReportConversation> =>
  callEndpoint(reportEndpoints.conversationCreate, { body: { report_ids: reportIds } });
