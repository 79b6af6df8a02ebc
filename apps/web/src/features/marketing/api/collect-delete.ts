import { marketingEndpoints } from '@portal/contract/endpoints/marketing';
import { callEndpoint } from '../../../lib/call-endpoint';

export async function deleteCollection(collectId: string): Promise<void> {
  await callEndpoint(marketingEndpoints.collectDelete, { body: { collect_id: collectId } });
}
