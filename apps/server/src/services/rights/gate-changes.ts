import { announceLocalChange } from '../cache/local-changes';

/** The NOTIFY channel of the triggers on users (payload: the user id) and the global rights version (`all`). */
export const GATE_CHANNEL = 'portal_gate';

/** After a committed change to a user row (or to the global rights version: `all`). */
export function announceGateChange(userId: number | 'all'): void {
  announceLocalChange(GATE_CHANNEL, String(userId));
}
