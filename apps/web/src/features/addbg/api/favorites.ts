import { useQuery } from '@tanstack/react-query';
import { addbgEndpoints as e } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { addbgKeys } from './keys';

export function useFavorites() {
  return useQuery({
    queryKey: addbgKeys.favorites(),
    queryFn: async () => (await callEndpoint(e.favoriteList, { query: {} })).list,
  });
}

export function setFavorite(imageId: string, favorite: boolean) {
  return callEndpoint(e.favorite, { body: { image_id: imageId, favorite } });
}
