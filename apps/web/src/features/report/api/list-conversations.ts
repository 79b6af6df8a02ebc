import { useQuery } from '@tanstack/react-query';
import { type ReportConversation } from '@portal/contract';
import { reportEndpoints } from '@portal/contract/endpoints/report';
import { callEndpoint } from '../../../lib/call-endpoint';

export const conversationsKey = ['report-conversations'] as const;

/** `GET /api/report/conversation/list`: the user's conversations, newest first. */
export const fetchConversations = (): Promise<ReportConversation[]> =>
  callEndpoint(reportEndpoints.conversationList).then((r) => r.list);

export function useReportConversations() {
  return useQuery({ queryKey: conversationsKey, queryFn: fetchConversations });
}
