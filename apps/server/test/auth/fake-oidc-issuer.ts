import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

/**
 * A company OIDC issuer reduced to what the portal's relying party calls: discovery, the JWKS and
 * the token endpoint. `approve()` mints a code for a person and the sign-in's nonce (what the
 * provider's own login page would do); the ID token is signed with the published key, or with
 * another one when `signWithForeignKey` is set.
 */
export class FakeOidcIssuer {
  origin = '';
  /** Sign ID tokens with a key the JWKS does not publish (a forged token). */
  signWithForeignKey = false;
  private server: Server | undefined;
  private keys: { published: CryptoKey; foreign: CryptoKey; jwk: JWK } | undefined;
  private readonly codes = new Map<string, { login: string; nonce: string }>();

  constructor(private readonly clientId = 'portal') {}

  async start(): Promise<void> {
    const published = await generateKeyPair('RS256');
    const foreign = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(published.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    this.keys = { published: published.privateKey, foreign: foreign.privateKey, jwk };
    this.server = createServer((req, res) => {
      void this.handle(req.method ?? 'GET', req.url ?? '/', req).then(
        ({ status, json }) => {
          res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          res.end(JSON.stringify(json));
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }

  /** The code the provider would send the browser back with, for the sign-in of this authorize URL. */
  approve(authorizeUrl: string, login: string): { code: string; state: string } {
    const q = new URL(authorizeUrl).searchParams;
    const state = q.get('state');
    const nonce = q.get('nonce');
    if (!state || !nonce) throw new Error('authorize URL without state or nonce');
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, { login, nonce });
    return { code, state };
  }

  private async handle(
    method: string,
    url: string,
    req: NodeJS.ReadableStream,
  ): Promise<{ status: number; json: unknown }> {
    const path = new URL(url, this.origin).pathname;
    if (method === 'GET' && path === '/.well-known/openid-configuration') {
      return {
        status: 200,
        json: {
          issuer: this.origin,
          authorization_endpoint: `${this.origin}/authorize`,
          token_endpoint: `${this.origin}/token`,
          jwks_uri: `${this.origin}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
        },
      };
    }
    if (method === 'GET' && path === '/jwks') return { status: 200, json: { keys: [this.keys?.jwk] } };
    if (method === 'POST' && path === '/token') {
      let raw = '';
      for await (const chunk of req) raw += chunk.toString();
      const code = new URLSearchParams(raw).get('code') ?? '';
      const issued = this.codes.get(code);
      this.codes.delete(code);
      if (!issued || !this.keys) return { status: 400, json: { error: 'invalid_grant' } };
      const idToken = await new SignJWT({
        nonce: issued.nonce,
        preferred_username: issued.login,
        name: issued.login,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(this.origin)
        .setAudience(this.clientId)
        .setSubject(`sub-${issued.login}`)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(this.signWithForeignKey ? this.keys.foreign : this.keys.published);
      return {
        status: 200,
        json: {
          access_token: randomBytes(16).toString('hex'),
          token_type: 'Bearer',
          expires_in: 300,
          id_token: idToken,
        },
      };
    }
    return { status: 404, json: { error: 'not_found' } };
  }
}
