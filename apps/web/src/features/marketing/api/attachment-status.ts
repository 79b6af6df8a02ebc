import { useQuery } from '@tanstack/react-query';
import type { MarketingAttachmentStatus, StoredFile } from '@portal/contract';
import { marketingEndpoints } from '@portal/contract/endpoints/marketing';
import { callEndpoint } from '../../../lib/call-endpoint';
import { marketingKeys } from './keys';

const POLL_MS = 2000;

export function getAttachmentStatus(fileIds: string[]): Promise<MarketingAttachmentStatus[]> {
  return callEndpoint(marketingEndpoints.fileStatus, { body: { file_ids: fileIds } }).then((r) => r.list);
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
