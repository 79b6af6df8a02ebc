import { ErrorCode, ErrorMessage } from '@portal/contract';
import { portalEndpoints } from '@portal/contract/endpoints/portal';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../../errors/app-error';
import { serve } from '../../../lib/serve-endpoint';

const BAD_APP_CREDENTIALS = '应用凭证无效';

/** /api/open: server-to-server calls from external apps, authenticated by each app's secret. */
const openRoutes: FastifyPluginAsync = async (app) => {
  const { codes, users, appSecrets } = app.services;

  serve(app, portalEndpoints.redeemCode, async ({ body, request }) => {
    const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!(await appSecrets.verify(body.app_key, presented)))
      throw new AppError(ErrorCode.notSignedIn, BAD_APP_CREDENTIALS, 401);
    const userId = await codes.redeem(body.app_key, body.code);
    const user = userId === undefined ? undefined : await users.findById(userId);
    if (!user) throw new AppError(ErrorCode.validation, ErrorMessage.invalidCode, 400);
    return {
      user_id: user.id,
      user_name: user.userName,
      mobile: user.mobile,
      email: user.email,
      avatar: user.avatar,
      app_key: body.app_key,
    };
  });
};

export default openRoutes;
