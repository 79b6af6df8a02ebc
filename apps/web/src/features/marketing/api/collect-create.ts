import type { MarketingCollectCreateRequest, MarketingCollection } from '@portal/contract';
import { marketingEndpoints } from '@portal/contract/endpoints/marketing';
import { callEndpoint } from '../../../lib/call-endpoint';

/** Saves an analysis (or updates the saved one's title, tags and note). */
export function createCollection(body: MarketingCollectCreateRequest): Promise<MarketingCollection> {
  return callEndpoint(marketingEndpoints.collectCreate, { body });
}
