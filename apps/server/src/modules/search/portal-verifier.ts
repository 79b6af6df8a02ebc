import { ErrorCode, ErrorMessage, MODULES } from '@portal/contract';
import { AppError } from '../../errors/app-error';
import type { Services } from '../../services';
import type { PortalVerifier } from './guard';

/**
 * The portal's check of a search-service caller, the same as its own `/api` gate: a valid access
 * token of an enabled account with current rights, allowed to open the research app.
 */
export function portalVerifier(services: Pick<Services, 'signer' | 'gate'>): PortalVerifier {
  return async (request) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new AppError(ErrorCode.notSignedIn, ErrorMessage.notSignedIn);
    const claims = await services.signer.verify(match[1]);
    const read = await services.gate.read(claims.userId);
    if (!read || read.user.disabled) throw new AppError(ErrorCode.notSignedIn, ErrorMessage.notSignedIn);
    if (claims.rightsVersion < read.globalVersion + read.user.rightsVersion) {
      throw new AppError(ErrorCode.permissionsChanged, ErrorMessage.permissionsChanged);
    }
    if (!(await services.gate.mayOpenApp(read, MODULES.metaso.appKey))) {
      throw new AppError(ErrorCode.forbidden, ErrorMessage.forbiddenApp);
    }
    return { id: read.user.id, mobile: read.user.mobile, userName: read.user.userName };
  };
}
