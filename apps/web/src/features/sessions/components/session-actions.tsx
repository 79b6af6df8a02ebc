import { createContext, useContext } from 'react';
import type { BrainstormMethod, SessionAskRequest } from '@portal/contract';
import type { SessionModuleConfig } from '../config/session-modules';
import type { SourceTarget } from '../store/citation-links';

/** What the answer views inside a session need: ask again, open a source. */
export interface SessionActions {
  config: SessionModuleConfig;
  sessionId: string;
  busy: boolean;
  /** The brainstorm method chosen for the next round. */
  method: BrainstormMethod;
  ask(shown: string, body: Omit<SessionAskRequest, 'session_id'>): void;
  openSource(target: SourceTarget, chunkId?: string): void;
}

export const SessionActionsContext = createContext<SessionActions | null>(null);

export function useSessionActions(): SessionActions {
  const value = useContext(SessionActionsContext);
  if (!value) throw new Error('session view outside its page');
  return value;
}
