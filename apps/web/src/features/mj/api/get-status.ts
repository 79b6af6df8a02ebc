import { useQuery } from '@tanstack/react-query';
import { mjEndpoints as e } from '@portal/contract/endpoints/mj';
import { callEndpoint } from '../../../lib/call-endpoint';
import { mjKeys } from './keys';

/** Whether an image engine is connected, and the image usage left. */
export function useMjStatus() {
  return useQuery({ queryKey: mjKeys.status, queryFn: () => callEndpoint(e.status) });
}
