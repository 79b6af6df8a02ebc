import { useQuery } from '@tanstack/react-query';
import { type ReportConversationDetail } from '@portal/contract';
import { reportEndpoints } from '@portal/contract/endpoints/report';
import { callEndpoint } from '../../../lib/call-endpoint';

export const detailKey = (conversationId: string) => ['report-detail', conversationId] as const;

/** `GET /api/report/conversation/detail`: the conversation with its reports and every message. */
export const fetchDetail = (conversationId: string): Promise<ReportConversationDetail> =>
  callEndpoint(reportEndpoints.conversationDetail, { query: { conversation_id: conversationId } });

export function useConversationDetail(conversationId: string) {
  return useQuery({
    queryKey: detailKey(conversationId),
    queryFn: () => fetchDetail(conversationId),
    enabled: Boolean(conversationId),
  });
}
