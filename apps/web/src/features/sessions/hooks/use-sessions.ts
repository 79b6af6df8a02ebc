import { useQuery } from '@tanstack/react-query';
import { listSessions } from '../api/session-api';
import type { SessionModuleConfig } from '../config/session-modules';

export const sessionsKey = (module: string) => ['sessions', module] as const;

export function useSessions(config: SessionModuleConfig) {
  return useQuery({ queryKey: sessionsKey(config.name), queryFn: () => listSessions(config), staleTime: 30_000 });
}
