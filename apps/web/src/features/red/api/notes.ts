import { redEndpoints } from '@portal/contract/endpoints/red';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { redKeys } from './keys';

export function useNoteDetail(noteId: string) {
  return useQuery({
    enabled: noteId !== '',
    queryKey: redKeys.note(noteId),
    queryFn: () => callEndpoint(redEndpoints.noteDetail, { query: { note_id: noteId }, silent: true }),
    retry: false,
  });
}

/** Collects or un-collects a note; lists showing the flag are refreshed. */
export function useCollect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { note_id: string; collect: boolean }) => callEndpoint(redEndpoints.collect, { body }),
    onSuccess: (_, body) =>
      Promise.all([
        client.invalidateQueries({ queryKey: redKeys.note(body.note_id) }),
        client.invalidateQueries({ queryKey: ['red', 'collections'] }),
        client.invalidateQueries({ queryKey: ['red', 'insight', 'articles'] }),
      ]),
  });
}

export function useCollections(query: { page_index: number; page_size: number }) {
  return useQuery({
    queryKey: redKeys.collections(query),
    queryFn: () => callEndpoint(redEndpoints.collectionList, { query }),
    placeholderData: keepPreviousData,
  });
}
