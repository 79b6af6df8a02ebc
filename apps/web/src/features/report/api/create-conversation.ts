import { reportConversationSchema, type ReportConversation } from '@portal/contract';
import { api } from '../../../lib/api';

/** `POST /api/report/conversation/create` on the chosen reports. */
export const createConversation = (reportIds: string[]): Promise<ReportConversation> =>
  api.post('/api/report/conversation/create', { report_ids: reportIds }, { schema: reportConversationSchema });
