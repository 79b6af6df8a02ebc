import {
  ErrorCode,
  ErrorMessage,
  workplaceErrorMessage,
  type AuthorizeMode,
  type LoginResponse,
  type WorkplaceProvider,
} from '@portal/contract';
import * as client from 'openid-client';
import type { SsoConfig } from '../../config/schema';
import { AppError } from '../../errors/app-error';
import type { CatalogueService } from '../catalogue/catalogue-service';
import type { IdentityClaims, UserService } from '../users/user-service';
import type { LoginStateService } from './login-state-service';
import { safeRedirect } from './redirect-target';
import type { SessionService } from './session-service';
import type { SsoClient } from './sso-client';
import type { AuditService } from '../audit/audit-service';
import type { DepartmentService } from '../departments/department-service';
import type { User } from '../../db/schema';
import { ProviderError, type WorkplaceRegistry } from './providers';

/** What a workplace sign-in needs besides the OIDC path. */
export interface WorkplaceLogin {
  registry: WorkplaceRegistry;
  departments: DepartmentService;
  audit: AuditService;
}

/** Who asked, for the audit log. */
export interface LoginRequestInfo {
  ip?: string;
}

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
    private readonly workplace?: WorkplaceLogin,
    /** False when only workplace providers are configured (no issuer, built-in provider off). */
    private readonly oidcEnabled = true,
  ) {}

  /** The starting browser's key: the one it presents when well-formed, else a new one. */
  browserKey(presented: string | undefined): string {
    return this.states.browserKey(presented);
  }

  /** `browserKey` is the starting browser's secret (see LoginStateService); the pair works only there. */
  async authorize(
    from: string | undefined,
    browserKey: string,
    prompt?: 'login',
    provider?: WorkplaceProvider,
    mode: AuthorizeMode = 'web',
  ): Promise<string> {
    if (provider) return this.authorizeWorkplace(from, browserKey, provider, mode);
    if (!this.oidcEnabled) throw new AppError(ErrorCode.validation, workplaceErrorMessage.notConfigured);
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
    info?: LoginRequestInfo,
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
    if (pending.provider) return this.loginWorkplace(pending.provider, code, pending.fromTarget, log, info);
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
      await this.workplace?.audit.record({ action: 'login.failure', target: 'oidc', ip: info?.ip });
      throw new AppError(ErrorCode.validation, ErrorMessage.invalidLoginState);
    }
    const user = await this.users.upsertFromClaims(this.identityFrom(claims));
    return this.finish(user, pending.fromTarget, 'oidc', info);
  }

  /** The provider's authorize URL; the state row remembers which provider must finish it. */
  private async authorizeWorkplace(
    from: string | undefined,
    browserKey: string,
    provider: WorkplaceProvider,
    mode: AuthorizeMode,
  ) {
    const adapter = this.workplace?.registry.get(provider);
    if (!adapter) throw new AppError(ErrorCode.validation, workplaceErrorMessage.notConfigured);
    const state = client.randomState();
    // Nonce and PKCE belong to OIDC; the workplace suites use neither, so the columns stay empty.
    await this.states.save({ state, nonce: '', codeVerifier: '', fromTarget: from ?? '', provider }, browserKey);
    return adapter.authorizeUrl({ state, redirectUri: this.sso.redirectUri, mode });
  }

  private async loginWorkplace(
    provider: string,
    code: string,
    fromTarget: string,
    log: LoginLogger,
    info?: LoginRequestInfo,
  ): Promise<LoginResponse> {
    const workplace = this.workplace;
    const adapter = workplace?.registry.get(provider);
    if (!workplace || !adapter) throw new AppError(ErrorCode.validation, workplaceErrorMessage.notConfigured);
    let profile;
    try {
      profile = await adapter.exchange(code, this.sso.redirectUri);
    } catch (err) {
      // Only the provider, the API path and its error code are logged: never the code or a token.
      const failure =
        err instanceof ProviderError
          ? { api: err.api, kind: err.kind, providerCode: err.providerCode }
          : { api: '', kind: 'unavailable' as const, providerCode: 'internal' };
      log.warn({ provider, ...failure }, 'workplace sign-in failed');
      await workplace.audit.record({
        action: 'login.failure',
        target: provider,
        ip: info?.ip,
        detail: `${failure.kind} ${failure.api} ${String(failure.providerCode ?? '')}`.trim(),
      });
      throw providerFailure(adapter.label, failure.kind);
    }
    const user = await this.users.upsertFromClaims({
      provider: adapter.name,
      subject: `${adapter.name}:${profile.externalId}`,
      login: profile.login,
      userName: profile.name,
      email: profile.email,
      mobile: profile.mobile,
      avatar: profile.avatar,
      groups: [],
    });
    const placed = await workplace.departments.placeAtSignIn(
      adapter.name,
      user,
      profile.externalId,
      profile.departmentIds,
    );
    return this.finish(placed, fromTarget, adapter.name, info);
  }

  private async finish(user: User, fromTarget: string, via: string, info?: LoginRequestInfo): Promise<LoginResponse> {
    if (user.disabled) throw new AppError(ErrorCode.notSignedIn, ErrorMessage.notSignedIn);
    const pair = await this.sessions.start(user);
    await this.workplace?.audit.record({
      actorId: user.id,
      actorLogin: user.login,
      action: 'login.success',
      target: via,
      ip: info?.ip,
    });
    const appUrls = (await this.catalogue.listAll()).filter((a) => a.enabled).map((a) => a.appUrl);
    return {
      ...pair,
      account_info: await this.users.accountInfo(user),
      redirect: safeRedirect(fromTarget, appUrls),
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
      provider: 'oidc',
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

function providerFailure(label: string, kind: ProviderError['kind']): AppError {
  switch (kind) {
    case 'code':
      return new AppError(ErrorCode.validation, workplaceErrorMessage.codeInvalid(label));
    case 'misconfigured':
      return new AppError(ErrorCode.upstream, workplaceErrorMessage.misconfigured(label));
    case 'denied':
      return new AppError(ErrorCode.forbidden, workplaceErrorMessage.denied(label));
    default:
      return new AppError(ErrorCode.upstream, workplaceErrorMessage.unavailable(label));
  }
}
