import { reportConversationSchema, type ReportConversation } from '@portal/contract';
import { api } from '../../../lib/api';

/** `POST /api/report/conversation/edit`: a new title and/or other reports. */
export const editConversation = (change: {
  conversation_id: string;
  title?: string;
  report_ids?: string[];
}): Promise<ReportConversation> =>
  api.post('/api/report/conversation/edit', change, { schema: reportConversationSchema });
