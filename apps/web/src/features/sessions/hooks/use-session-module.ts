import { useLocation } from 'react-router';
import { sessionModuleConfigs, sessionModuleOf, type SessionModuleConfig } from '../config/session-modules';

/** The session tool of the current route (`/brainstorm/…`, `/insight/…`, `/pdf/…`). */
export function useSessionModule(): SessionModuleConfig {
  const { pathname } = useLocation();
  return sessionModuleOf(pathname) ?? sessionModuleConfigs.pdf;
}
