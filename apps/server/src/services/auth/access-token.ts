import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorCode, ErrorMessage } from '@portal/contract';
import { SignJWT } from 'jose';
import { AppError } from '../../errors/app-error';

export interface AccessClaims {
  userId: number;
  rightsVersion: number;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): unknown {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

export class AccessTokenSigner {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(claims: AccessClaims): Promise<{ token: string; expire_at: number }> {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + this.ttlSeconds;
    const token = await new SignJWT({ rv: claims.rightsVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expire_at: exp * 1000 };
  }

  /**
   * Expired → 1001; anything else wrong → 1002. Every API call verifies a token, so this is a
   * synchronous HMAC from node:crypto rather than a WebCrypto round trip (several times the cost
   * per call). It accepts only what `sign` produces: HS256 (so `none`/RS tricks fail), canonical
   * base64url, a signature compared in constant time before anything in the token is trusted.
   */
  async verify(token: string): Promise<AccessClaims> {
    const parts = token.split('.');
    const [header, payload, signature] = parts;
    if (parts.length !== 3 || !header || !payload || !signature || !parts.every((p) => BASE64URL.test(p)))
      throw notSignedIn();
    const expected = Buffer.from(createHmac('sha256', this.key).update(`${header}.${payload}`).digest('base64url'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw notSignedIn();

    let head: unknown;
    let claims: unknown;
    try {
      head = decodeJson(header);
      claims = decodeJson(payload);
    } catch {
      throw notSignedIn();
    }
    if (!isRecord(head) || head.alg !== 'HS256' || head.crit !== undefined || !isRecord(claims)) throw notSignedIn();
    const { sub, exp, nbf, rv } = claims;
    const userId = Number(sub);
    if (typeof sub !== 'string' || !Number.isSafeInteger(userId) || typeof exp !== 'number' || typeof rv !== 'number')
      throw notSignedIn();
    const now = Math.floor(Date.now() / 1000);
    if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) throw notSignedIn();
    if (exp <= now) throw new AppError(ErrorCode.tokenExpired, ErrorMessage.tokenExpired);
    return { userId, rightsVersion: rv };
  }
}

function notSignedIn(): AppError {
  return new AppError(ErrorCode.notSignedIn, ErrorMessage.notSignedIn);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
