import { useQuery } from '@tanstack/react-query';
import { addbgEndpoints as e } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { addbgKeys } from './keys';

/** The user's works (newest first) and the image usage beside them. */
export function useWorks(projectId: string | null) {
  return useQuery({
    queryKey: addbgKeys.works(projectId),
    queryFn: () =>
      callEndpoint(e.worksList, { query: { page: 1, page_size: 30, ...(projectId ? { project_id: projectId } : {}) } }),
  });
}
