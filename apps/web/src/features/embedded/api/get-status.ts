import { useQuery } from '@tanstack/react-query';
import { embeddedEndpoints, type EmbeddedAppKey, type EmbeddedStatus } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

export function getEmbeddedStatus(appKey: EmbeddedAppKey): Promise<EmbeddedStatus> {
  const declared = appKey === 'comfyui' ? embeddedEndpoints.comfyuiStatus : embeddedEndpoints.stablediffusionStatus;
  return callEndpoint(declared, { query: {}, silent: true });
}

/** Whether the tool is connected (and, for administrators, which key connects it). */
export function useEmbeddedStatus(appKey: EmbeddedAppKey) {
  return useQuery({
    queryKey: ['embedded', appKey, 'status'],
    queryFn: () => getEmbeddedStatus(appKey),
    staleTime: 60_000,
  });
}
