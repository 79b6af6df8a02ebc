import { createHmac } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import { randomToken } from '../lib/crypto';
import type { SettingsService } from '../services/settings/settings-service';

/** Signing and cookie keys of the built-in provider, generated once and shared through the database. */
export async function builtinProviderKeys(settings: SettingsService) {
  const signingKey = JSON.parse(
    await settings.getOrCreate('oidc_signing_jwk', async () => {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const jwk = await exportJWK(privateKey);
      return JSON.stringify({ ...jwk, alg: 'RS256', use: 'sig', kid: randomToken(8) });
    }),
  ) as Record<string, unknown>;
  const cookieKey = await settings.getOrCreate('oidc_cookie_key', () => randomToken(32));
  return { signingKey, cookieKeys: [cookieKey] };
}

/** The portal's client secret at the built-in provider, derived so it never needs configuring. */
export function builtinClientSecret(serverSecret: string): string {
  return createHmac('sha256', serverSecret).update('builtin-oidc-client').digest('base64url');
}
