import { reportEndpoints } from '@portal/contract/endpoints/report';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';

/** `POST /api/report/pdf/questions`: questions the chosen reports can answer. */
export const fetchQuestions = (reportIds: string[]): Promise<string[]> =>
  callEndpoint(reportEndpoints.questions, { body: { report_ids: reportIds } }).then((r) => r.list);

export function useSuggestedQuestions(reportIds: string[]) {
  return useQuery({
    queryKey: ['report-questions', reportIds.join(',')],
    queryFn: () => fetchQuestions(reportIds),
    enabled: reportIds.length > 0,
  });
}
