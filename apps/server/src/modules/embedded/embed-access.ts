import type { EmbeddedAppKey } from '@portal/contract';
import type { RightsGate } from '../../services/rights/rights-gate';
import type { EmbedCookieSigner, EmbedPass } from './embed-cookie';

/**
 * Why a request does not open a tool: `ended` — no valid cookie, an expired one, or a user who is
 * gone or disabled (open the tool from the portal again); `no-right` — the user's right to the app
 * was taken away (opening it again will not help).
 */
export type AccessRefused = 'ended' | 'no-right';

/**
 * The check run on every proxied request, every WebSocket upgrade and periodically on every open
 * WebSocket: a valid cookie for this app, an enabled user, and the app right as of now (the gate
 * reads rights through its notified cache, so a revocation on any replica is seen at once).
 */
export class EmbedAccess {
  constructor(
    private readonly cookies: EmbedCookieSigner,
    private readonly gate: RightsGate,
  ) {}

  async check(
    appKey: EmbeddedAppKey,
    cookieHeader: string | undefined,
  ): Promise<{ pass: EmbedPass } | { refused: AccessRefused }> {
    const pass = this.cookies.read(appKey, cookieHeader);
    if (!pass) return { refused: 'ended' };
    const refused = await this.refusal(appKey, pass);
    return refused ? { refused } : { pass };
  }

  /** Whether a pass read earlier still opens the tool (expiry, user, right). */
  async stillAllowed(appKey: EmbeddedAppKey, pass: EmbedPass): Promise<boolean> {
    return (await this.refusal(appKey, pass)) === undefined;
  }

  private async refusal(appKey: EmbeddedAppKey, pass: EmbedPass): Promise<AccessRefused | undefined> {
    if (pass.expiresAt * 1000 <= Date.now()) return 'ended';
    const read = await this.gate.read(pass.userId);
    if (!read || read.user.disabled) return 'ended';
    return (await this.gate.mayOpenApp(read, appKey)) ? undefined : 'no-right';
  }
}
