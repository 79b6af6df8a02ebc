import { useQuery } from '@tanstack/react-query';
import { reportConversationDetailSchema, type ReportConversationDetail } from '@portal/contract';
import { api } from '../../../lib/api';

export const detailKey = (conversationId: string) => ['report-detail', conversationId] as const;

/** `GET /api/report/conversation/detail`: the conversation with its reports and every message. */
export const fetchDetail = (conversationId: string): Promise<ReportConversationDetail> =>
  api.get('/api/report/conversation/detail', {
    params: { conversation_id: conversationId },
    schema: reportConversationDetailSchema,
  });

export function useConversationDetail(conversationId: string) {
  return useQuery({
    queryKey: detailKey(conversationId),
    queryFn: () => fetchDetail(conversationId),
    enabled: Boolean(conversationId),
  });
}
