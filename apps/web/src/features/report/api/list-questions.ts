import { useQuery } from '@tanstack/react-query';
import { reportQuestionsResponseSchema } from '@portal/contract';
import { api } from '../../../lib/api';

/** `POST /api/report/pdf/questions`: questions the chosen reports can answer. */
export const fetchQuestions = (reportIds: string[]): Promise<string[]> =>
  api
    .post('/api/report/pdf/questions', { report_ids: reportIds }, { schema: reportQuestionsResponseSchema })
    .then((r) => r.list);

export function useSuggestedQuestions(reportIds: string[]) {
  return useQuery({
    queryKey: ['report-questions', reportIds.join(',')],
    queryFn: () => fetchQuestions(reportIds),
    enabled: reportIds.length > 0,
  });
}
