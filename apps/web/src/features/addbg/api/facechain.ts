import { useQuery } from '@tanstack/react-query';
import {
  addbgEndpoints as e,
  DEFAULT_POLL_INTERVAL_MS,
  type FacechainAddPhotosBody,
  type FacechainGenerateBody,
} from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { addbgKeys } from './keys';

const training = (status: string) => status === 'queued' || status === 'running';

/** The user's photo sets, polled at the spec's interval while one of them is training. */
export function usePhotoSets(enabled: boolean) {
  return useQuery({
    queryKey: addbgKeys.photoSets(),
    enabled,
    queryFn: async () => (await callEndpoint(e.facechainPhotosList, { query: {} })).list,
    refetchInterval: (query) => (query.state.data?.some((s) => training(s.status)) ? DEFAULT_POLL_INTERVAL_MS : false),
  });
}

export const usePortraitStyles = () =>
  useQuery({
    queryKey: addbgKeys.list('portrait-styles'),
    queryFn: async () => (await callEndpoint(e.facechainStyleTypeList, { query: {} })).list,
    staleTime: 10 * 60_000,
  });

export const usePortraitModels = () =>
  useQuery({
    queryKey: addbgKeys.list('portrait-models'),
    queryFn: async () => (await callEndpoint(e.facechainStyleModelList, { query: {} })).list,
    staleTime: 10 * 60_000,
  });

export const addPhotoSet = (body: FacechainAddPhotosBody) => callEndpoint(e.facechainAddPhotos, { body });
export const trainPhotoSet = (photosId: string) =>
  callEndpoint(e.facechainTrainPhotos, { body: { photos_id: photosId } });
export const deletePhotoSet = (photosId: string) =>
  callEndpoint(e.facechainDeletePhotos, { body: { photos_id: photosId } });
export async function generatePortraits(body: FacechainGenerateBody): Promise<string> {
  return (await callEndpoint(e.facechainGenerate, { body })).work_id;
}
