import type { EmbeddedAppKey } from '@portal/contract';
import type { RightsGate } from '../../services/rights/rights-gate';
import type { EmbedCookieSigner, EmbedPass } from './embed-cookie';

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

  async check(appKey: EmbeddedAppKey, cookieHeader: string | undefined): Promise<EmbedPass | undefined> {
    const pass = this.cookies.read(appKey, cookieHeader);
    if (!pass) return undefined;
    return (await this.stillAllowed(appKey, pass)) ? pass : undefined;
  }

  /** Whether a pass read earlier still opens the tool (expiry, user, right). */
  async stillAllowed(appKey: EmbeddedAppKey, pass: EmbedPass): Promise<boolean> {
    if (pass.expiresAt * 1000 <= Date.now()) return false;
    const read = await this.gate.read(pass.userId);
    if (!read || read.user.disabled) return false;
    return this.gate.mayOpenApp(read, appKey);
  }
}
