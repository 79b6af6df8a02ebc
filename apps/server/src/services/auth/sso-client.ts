import * as client from 'openid-client';

export interface SsoClientSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes: string[];
  redirectUri: string;
}

/**
 * The OIDC relying party, the same for a company SSO and the built-in provider. Discovery is
 * fetched lazily (the built-in provider is served by this very process) and cached; a failed
 * discovery is retried on the next sign-in.
 */
export class SsoClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: SsoClientSettings) {}

  get redirectUri(): string {
    return this.settings.redirectUri;
  }

  async authorizationUrl(params: {
    state: string;
    nonce: string;
    codeChallenge: string;
    prompt?: 'login';
  }): Promise<string> {
    const config = await this.discover();
    return client
      .buildAuthorizationUrl(config, {
        redirect_uri: this.settings.redirectUri,
        scope: this.settings.scopes.join(' '),
        response_type: 'code',
        code_challenge: params.codeChallenge,
        code_challenge_method: 'S256',
        state: params.state,
        nonce: params.nonce,
        ...(params.prompt ? { prompt: params.prompt } : {}),
      })
      .toString();
  }

  /** Exchanges the code (checking state, nonce, PKCE and the ID token and its signature) and returns every claim. */
  async exchange(params: {
    code: string;
    state: string;
    expectedState: string;
    nonce: string;
    /** The `iss` the provider sent back, when the caller has it (RFC 9207). */
    iss?: string;
    codeVerifier: string;
  }): Promise<Record<string, unknown>> {
    const config = await this.discover();
    const callback = new URL(this.settings.redirectUri);
    callback.searchParams.set('code', params.code);
    callback.searchParams.set('state', params.state);
    // With a single configured issuer there is no mix-up to detect; the browser's callback carries
    // only code and state, so the expected issuer stands in when the provider would send `iss`.
    const metadata = config.serverMetadata();
    if (metadata.authorization_response_iss_parameter_supported) {
      callback.searchParams.set('iss', params.iss ?? metadata.issuer);
    }
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: params.codeVerifier,
      expectedState: params.expectedState,
      expectedNonce: params.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('no ID token claims');
    let userInfo: Record<string, unknown> = {};
    if (config.serverMetadata().userinfo_endpoint) {
      userInfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    }
    return { ...userInfo, ...idClaims };
  }

  private discover(): Promise<client.Configuration> {
    if (!this.configuration) {
      const { issuer, clientId, clientSecret } = this.settings;
      const insecure = new URL(issuer).protocol === 'http:';
      // The ID token's signature is checked against the issuer's JWKS (jwks_uri): TLS alone vouches
      // for the token endpoint, and a plain-http issuer (loopback only, see the config) has no TLS.
      const execute = [client.enableNonRepudiationChecks, ...(insecure ? [client.allowInsecureRequests] : [])];
      this.configuration = client
        .discovery(
          new URL(issuer),
          clientId,
          undefined,
          clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
          { execute },
        )
        .catch((err: unknown) => {
          this.configuration = undefined;
          throw err;
        });
    }
    return this.configuration;
  }
}
