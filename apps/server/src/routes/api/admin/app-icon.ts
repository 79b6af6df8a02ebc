import { APP_ICON_PATH, APP_ICON_RULES, APP_ICON_UPLOAD_PATH } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/envelope';
import { toStoredFile } from '../../../services/files';
import { APP_ICON_MODULE } from '../../../services/catalogue/app-icon';
import { receiveUpload, registerMultipart, uploadRateLimit } from '../file/transfer';
import { recordChange } from './record-change';

const PREFIX = '/api/admin';

/**
 * /api/admin/apps/icon: an administrator uploads an app icon through the common upload checks
 * (content-sniffed raster image, size and dimension limits); the answer's url is the icon's public
 * address for the app's `app_icon`.
 */
const appIconRoutes: FastifyPluginAsync = async (app) => {
  await registerMultipart(app);

  app.post(
    APP_ICON_UPLOAD_PATH.slice(PREFIX.length),
    { config: { rateLimit: uploadRateLimit(app) } },
    async (request) => {
      const row = await receiveUpload(app, request, APP_ICON_MODULE, APP_ICON_RULES);
      const stored = { ...toStoredFile(row), url: `${APP_ICON_PATH}?id=${row.id}` };
      await recordChange(app, request, {
        action: 'admin.app.icon-upload',
        target: `file:${row.id}`,
        after: { name: stored.name, mime: stored.mime, size: stored.size, width: stored.width, height: stored.height },
      });
      return ok(stored);
    },
  );
};

export default appIconRoutes;
