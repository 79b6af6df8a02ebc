import { ErrorCode, ErrorMessage, type LoginResponse } from '@portal/contract';
import * as client from 'openid-client';
import type { SsoConfig } from '../../config/schema';
import { AppError } from '../../errors/app-error';
import type { CatalogueService } from '../catalogue/catalogue-service';
import type { IdentityClaims, UserService } from '../users/user-service';
import type { LoginStateService } from './login-state-service';
import { safeRedirect } from './redirect-target';
import type { SessionService } from './session-service';
import type { SsoClient } from './sso-client';

export interface LoginLogger {
  warn(obj: object, msg: string): void;
}

/** The authorization-code flow of section 4, from the authorize URL to the token pair. */
export class LoginService {
  constructor(
    private readonly sso: SsoClient,
    private readonly states: LoginStateService,
    private readonly users: UserService,
    private readonly sessions: SessionService,
    private readonly catalogue: CatalogueService,
    private readonly claimNames: SsoConfig['claims'],
  ) {}

  /** The starting browser's key: the one it presents when well-formed, else a new one. */
  browserKey(presented: string | undefined): string {
    return this.states.browserKey(presented);
  }

  /** `browserKey` is the starting browser's secret (see LoginStateService); the pair works only there. */
  async authorize(from: string | undefined, browserKey: string, prompt?: 'login'): Promise<string> {
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const codeChallenge = await client.calculatePKCECodeChallenge(codeVerifier);
    await this.states.save({ state, nonce, codeVerifier, fromTarget: from ?? '' }, browserKey);
    return this.sso.authorizationUrl({ state, nonce, codeChallenge, prompt });
  }

  async login(
    code: string,
    state: string,
    browserKey: string | undefined,
    log: LoginLogger,
    iss?: string,
  ): Promise<LoginResponse> {
    const consumed = await this.states.consume(state, browserKey);
    if (!consumed.ok) {
      if (consumed.reason === 'other-browser') {
        log.warn({}, 'sign-in refused: code and state were started in another browser');
        throw new AppError(ErrorCode.validation, ErrorMessage.loginOtherBrowser);
      }
      throw new AppError(ErrorCode.validation, ErrorMessage.invalidLoginState);
    }
    const { pending } = consumed;
    let claims: Record<string, unknown>;
    try {
      claims = await this.sso.exchange({
        code,
        state,
        expectedState: pending.state,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
        iss,
      });
    } catch (err) {
      log.warn({ err }, 'authorization code exchange failed');
      throw new AppError(ErrorCode.validation, ErrorMessage.invalidLoginState);
    }
    const user = await this.users.upsertFromClaims(this.identityFrom(claims));
    const pair = await this.sessions.start(user);
    const appUrls = (await this.catalogue.listAll()).filter((a) => a.enabled).map((a) => a.appUrl);
    return {
      ...pair,
      account_info: await this.users.accountInfo(user),
      redirect: safeRedirect(pending.fromTarget, appUrls),
    };
  }

  private identityFrom(claims: Record<string, unknown>): IdentityClaims {
    const names = this.claimNames;
    const str = (key: string) => (typeof claims[key] === 'string' ? (claims[key] as string) : '');
    const list = (key: string): string[] => {
      const v = claims[key];
      if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string' && x.length > 0);
      return typeof v === 'string' && v ? [v] : [];
    };
    const subject = str('sub');
    const login = str(names.login) || str('email') || subject;
    return {
      subject,
      login,
      userName: str(names.name) || login,
      email: str(names.email),
      mobile: str(names.mobile),
      avatar: str(names.avatar),
      groups: [...list(names.groups), ...list(names.department)],
    };
  }
}
