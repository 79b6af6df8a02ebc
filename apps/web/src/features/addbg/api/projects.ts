import { useQuery } from '@tanstack/react-query';
import { addbgEndpoints as e } from '@portal/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { addbgKeys } from './keys';

export function useProjects() {
  return useQuery({
    queryKey: addbgKeys.projects(),
    queryFn: async () => (await callEndpoint(e.projectList, { query: {} })).list,
  });
}

export function createProject(name: string) {
  return callEndpoint(e.projectCreate, { body: { name, description: '' } });
}
