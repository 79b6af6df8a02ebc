import { useQuery } from '@tanstack/react-query';
import { CONSOLE_API_PATHS, departmentListResponseSchema } from '@portal/contract';
import { api } from '../../../lib/api';
import { consoleKey } from './query-keys';

export const getDepartments = () => api.get(CONSOLE_API_PATHS.departments, { schema: departmentListResponseSchema });

export function useDepartments() {
  return useQuery({ queryKey: consoleKey('departments'), queryFn: getDepartments });
}
