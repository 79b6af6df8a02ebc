import { redEndpoints } from '@portal/contract/endpoints/red';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { redKeys } from './keys';

/** Categories with the user's subscription flag. */
export function useProjects() {
  return useQuery({ queryKey: redKeys.projects(), queryFn: () => callEndpoint(redEndpoints.projectList) });
}

/** The user's subscribed categories and brands. */
export function useSubscriptions() {
  return useQuery({
    queryKey: redKeys.subscriptions(),
    queryFn: () => callEndpoint(redEndpoints.subscribeProjectList),
  });
}

/** A category's brands and products. */
export function useBrandProducts(projectId: number | undefined) {
  return useQuery({
    enabled: Boolean(projectId),
    queryKey: redKeys.brands(projectId ?? 0),
    queryFn: () => callEndpoint(redEndpoints.brandProductList, { query: { project_id: projectId! } }),
  });
}

/** Subscribing changes the category list, the brand list and the subscriptions: refresh all three. */
function useInvalidateSubscriptions() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: redKeys.projects() }),
      client.invalidateQueries({ queryKey: redKeys.subscriptions() }),
      client.invalidateQueries({ queryKey: ['red', 'brands'] }),
    ]);
}

export function useSubscribeProject() {
  const refresh = useInvalidateSubscriptions();
  return useMutation({
    mutationFn: (body: { project_id: number; subscribe: boolean }) =>
      callEndpoint(redEndpoints.subscribeProject, { body }),
    onSuccess: refresh,
  });
}

export function useSubscribeBrand() {
  const refresh = useInvalidateSubscriptions();
  return useMutation({
    mutationFn: (body: { brand_id: number; subscribe: boolean }) => callEndpoint(redEndpoints.subscribeBrand, { body }),
    onSuccess: refresh,
  });
}

export function useSelectList() {
  return useQuery({ queryKey: redKeys.selectList(), queryFn: () => callEndpoint(redEndpoints.articleSelectList) });
}
