import type { MarketingCollectCreateRequest, MarketingCollection } from '@portal/contract';
import { api } from '../../../lib/api';
import { MARKETING_API } from './keys';

/** Saves an analysis (or updates the saved one's title, tags and note). */
export function createCollection(body: MarketingCollectCreateRequest): Promise<MarketingCollection> {
  return api.post<MarketingCollection>(`${MARKETING_API}/collect/create`, body);
}
