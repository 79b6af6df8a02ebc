import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { DemoAccount } from '../config/schema';
import type { Db } from '../db/client';
import { dbAdapter } from './db-adapter';
import { providerPages } from './provider-pages';
import { BUILTIN_SCOPES } from './scopes';
import { allowProviderScripts } from './security-headers';

export interface BuiltinProviderOptions {
  issuer: string;
  /** The portal's title, shown on the provider's own pages. */
  title: string;
  db: Db;
  accounts: DemoAccount[];
  client: { id: string; secret: string; redirectUri: string };
  signingKey: Record<string, unknown>;
  cookieKeys: string[];
}

/** The development identity provider with the demo accounts; a real OIDC server, not a shortcut. */
export function createBuiltinProvider(opts: BuiltinProviderOptions): Provider {
  const accountsBySub = new Map(opts.accounts.map((a) => [a.login, a]));
  const { renderError, logoutSource, postLogoutSuccessSource } = providerPages(opts.title);
  const configuration: Configuration = {
    adapter: dbAdapter(opts.db),
    clients: [
      {
        client_id: opts.client.id,
        client_secret: opts.client.secret,
        redirect_uris: [opts.client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'picture'],
      email: ['email'],
      phone: ['phone_number'],
      groups: ['groups', 'department'],
    },
    scopes: BUILTIN_SCOPES,
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
    },
    renderError,
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    cookies: { keys: opts.cookieKeys },
    jwks: { keys: [opts.signingKey as never] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 8 * 3600,
    },
    async findAccount(_ctx, sub) {
      const account = accountsBySub.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          name: account.name,
          preferred_username: account.login,
          picture: account.avatar || undefined,
          email: account.email,
          phone_number: account.mobile,
          groups: account.groups,
          department: account.department || undefined,
        }),
      };
    },
    // The portal is this provider's own first-party client: consent is implied.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (client.clientId !== opts.client.id) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(BUILTIN_SCOPES.join(' '));
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(opts.issuer, configuration);
  provider.use(async (ctx, next) => {
    await next();
    const policy = ctx.response.get('content-security-policy');
    if (policy) ctx.set('content-security-policy', allowProviderScripts(policy));
  });
  // Behind a TLS-terminating proxy the public URL is https while the socket is plain http.
  provider.proxy = true;
  return provider;
}
