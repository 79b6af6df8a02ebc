import { type ReportConversation } from '@portal/contract';
import { reportEndpoints } from '@portal/contract/endpoints/report';
import { callEndpoint } from '../../../lib/call-endpoint';

/** `POST /api/report/conversation/edit`: a new title and/or other reports. */
export const editConversation = (change: {
  conversation_id: string;
  title?: string;
  report_ids?: string[];
}): Promise<ReportConversation> => callEndpoint(reportEndpoints.conversationEdit, { body: change });
