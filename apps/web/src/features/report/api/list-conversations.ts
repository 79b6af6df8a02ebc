import { useQuery } from '@tanstack/react-query';
import { reportConversationListResponseSchema, type ReportConversation } from '@portal/contract';
import { api } from '../../../lib/api';

export const conversationsKey = ['report-conversations'] as const;

/** `GET /api/report/conversation/list`: the user's conversations, newest first. */
export const fetchConversations = (): Promise<ReportConversation[]> =>
  api.get('/api/report/conversation/list', { schema: reportConversationListResponseSchema }).then((r) => r.list);

export function useReportConversations() {
  return useQuery({ queryKey: conversationsKey, queryFn: fetchConversations });
}
