import { type StorageUsageResponse } from '@portal/contract';
import { fileEndpoints } from '@portal/contract/endpoints/portal';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../../plugins/auth';
import { toStoredFile } from '../../../services/files';
import { receiveUpload, registerMultipart, sendStoredFile, uploadRateLimit } from './transfer';
import { serve } from '../../../lib/serve-endpoint';

/**
 * /api/file: the common upload of every signed-in user (images, section 5), the browser's upload
 * configuration, registration of direct uploads, download and delete of the user's own files, and
 * how much of the storage quota they use.
 */
const fileRoutes: FastifyPluginAsync = async (app) => {
  await registerMultipart(app);
  const { service, commonRules } = app.services.files;

  const limited = { config: { rateLimit: uploadRateLimit(app) } };

  serve(
    app,
    fileEndpoints.upload,
    async ({ request }) => toStoredFile(await receiveUpload(app, request, null, commonRules)),
    limited,
  );

  serve(app, fileEndpoints.uploadConfig, async ({ query, request }) => {
    const { content_type, size } = query;
    return await service.uploadConfig(requireUser(request).id, commonRules, content_type, size);
  });

  serve(
    app,
    fileEndpoints.confirm,
    async ({ body: { key, name }, request }) =>
      toStoredFile(await service.confirmDirect(requireUser(request).id, key, name ?? '', commonRules)),
    limited,
  );

  serve(app, fileEndpoints.info, async ({ query, request }) => {
    const { file_id } = query;
    return toStoredFile(await service.find(requireUser(request).id, file_id, null));
  });

  serve(app, fileEndpoints.download, async ({ query, reply, request }) => {
    const { file_id } = query;
    const { row, body } = await service.open(requireUser(request).id, file_id, null);
    return sendStoredFile(reply, row, body);
  });

  serve(app, fileEndpoints.usage, async ({ request }) => {
    const room = await service.quota.room(requireUser(request).id);
    return { used_bytes: room.usedBytes, quota_bytes: room.quotaBytes } satisfies StorageUsageResponse;
  });

  serve(app, fileEndpoints.delete, async ({ body, request }) => {
    const { file_id } = body;
    await service.delete(requireUser(request).id, file_id, null);
    return null;
  });
};

export default fileRoutes;
