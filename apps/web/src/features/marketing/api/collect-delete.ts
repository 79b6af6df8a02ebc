import { api } from '../../../lib/api';
import { MARKETING_API } from './keys';

export async function deleteCollection(collectId: string): Promise<void> {
  await api.post(`${MARKETING_API}/collect/delete`, { collect_id: collectId });
}
