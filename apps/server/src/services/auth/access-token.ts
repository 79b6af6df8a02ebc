import { ErrorCode, ErrorMessage } from '@portal/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../errors/app-error';

export interface AccessClaims {
  userId: number;
  rightsVersion: number;
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

  /** Expired → 1001; anything else wrong → 1002. The algorithm is pinned so `none`/RS tricks fail. */
  async verify(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['sub', 'exp'] });
      const userId = Number(payload.sub);
      const rv = payload.rv;
      if (!Number.isSafeInteger(userId) || typeof rv !== 'number') throw new Error('malformed claims');
      return { userId, rightsVersion: rv };
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new AppError(ErrorCode.tokenExpired, ErrorMessage.tokenExpired);
      throw new AppError(ErrorCode.notSignedIn, ErrorMessage.notSignedIn);
    }
  }
}
