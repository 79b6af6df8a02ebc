import type { MjAskResponse } from '@portal/contract';
import { mjEndpoints as e } from '@portal/contract/endpoints/mj';
import { callEndpoint } from '../../../lib/call-endpoint';

/** `mjAsk`: a prompt becomes a queued grid, in the conversation or a new one. */
export function askImage(prompt: string, convId: string | null): Promise<MjAskResponse> {
  // The page shows a refusal (usage spent, not connected) beside the question box itself.
  return callEndpoint(e.ask, { body: { prompt, ...(convId ? { conv_id: convId } : {}) }, silent: true });
}
