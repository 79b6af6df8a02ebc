import type { AccountInfo, Token } from '@portal/contract';
import { ErrorCode, ErrorMessage } from '@portal/contract';
import type { User } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import type { RightsService } from '../rights/rights-service';
import type { UserService } from '../users/user-service';
import type { AccessTokenSigner } from './access-token';
import type { RefreshTokenService } from './refresh-token-service';

export interface TokenPair {
  access_token: Token;
  refresh_token: Token;
}

/** Issues and renews the token pair of a signed-in user. */
export class SessionService {
  constructor(
    private readonly signer: AccessTokenSigner,
    private readonly refreshTokens: RefreshTokenService,
    private readonly rights: RightsService,
    private readonly users: UserService,
  ) {}

  async start(user: User): Promise<TokenPair> {
    return {
      access_token: await this.accessFor(user),
      refresh_token: await this.refreshTokens.issue(user.id),
    };
  }

  async refresh(token: string, withAccountInfo: boolean): Promise<TokenPair & { account_info?: AccountInfo }> {
    const { userId, refresh } = await this.refreshTokens.rotate(token);
    const user = await this.users.findById(userId);
    if (!user || user.disabled) throw new AppError(ErrorCode.refreshInvalid, ErrorMessage.refreshInvalid);
    const pair = { access_token: await this.accessFor(user), refresh_token: refresh };
    return withAccountInfo ? { ...pair, account_info: await this.users.accountInfo(user) } : pair;
  }

  async end(token: string): Promise<void> {
    await this.refreshTokens.revokeByToken(token);
  }

  private async accessFor(user: User): Promise<Token> {
    return this.signer.sign({ userId: user.id, rightsVersion: await this.rights.currentVersion(user) });
  }
}
