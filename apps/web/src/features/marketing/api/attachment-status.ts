import { useQuery } from '@tanstack/react-query';
import {
  marketingAttachmentStatusResponseSchema,
  type MarketingAttachmentStatus,
  type StoredFile,
} from '@portal/contract';
import { api } from '../../../lib/api';
import { MARKETING_API, marketingKeys } from './keys';

const POLL_MS = 2000;

export function getAttachmentStatus(fileIds: string[]): Promise<MarketingAttachmentStatus[]> {
  return api
    .post(`${MARKETING_API}/file/status`, { file_ids: fileIds }, { schema: marketingAttachmentStatusResponseSchema })
    .then((r) => r.list);
}

const settled = (s: MarketingAttachmentStatus) => s.status === 'ready' || s.status === 'failed';

/** The parse state of the attached documents (images are not parsed), polled until all settle. */
export function useAttachmentStatus(attachments: readonly StoredFile[]) {
  const fileIds = attachments.filter((f) => !f.mime.startsWith('image/')).map((f) => f.file_id);
  return useQuery({
    queryKey: marketingKeys.attachmentStatus(fileIds),
    queryFn: () => getAttachmentStatus(fileIds),
    enabled: fileIds.length > 0,
    refetchInterval: (q) => (q.state.data?.every(settled) ? false : POLL_MS),
  });
}
