import type { SessionAskRequest } from '@portal/contract';

/** The first ask of a session made on the welcome page, handed to the session page in the navigation state. */
export interface StartAsk {
  shown: string;
  body: Omit<SessionAskRequest, 'session_id'>;
}

export function startAskOf(state: unknown): StartAsk | undefined {
  if (typeof state !== 'object' || state === null || !('startAsk' in state)) return undefined;
  return (state as { startAsk?: StartAsk }).startAsk;
}
