import {
  confirmUploadRequestSchema,
  deleteFileRequestSchema,
  fileIdQuerySchema,
  uploadConfigQuerySchema,
  type StorageUsageResponse,
} from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/envelope';
import { parse } from '../../../lib/validate';
import { requireUser } from '../../../plugins/auth';
import { toStoredFile } from '../../../services/files';
import { receiveUpload, registerMultipart, sendStoredFile, uploadRateLimit } from './transfer';

/**
 * /api/file: the common upload of every signed-in user (images, section 5), the browser's upload
 * configuration, registration of direct uploads, download and delete of the user's own files, and
 * how much of the storage quota they use.
 */
const fileRoutes: FastifyPluginAsync = async (app) => {
  await registerMultipart(app);
  const { service, commonRules } = app.services.files;

  app.post('/upload', { config: { rateLimit: uploadRateLimit(app) } }, async (request) => {
    const row = await receiveUpload(app, request, null, commonRules);
    return ok(toStoredFile(row));
  });

  app.get('/uploadTencentConfig', async (request) => {
    const { content_type, size } = parse(uploadConfigQuerySchema, request.query);
    return ok(await service.uploadConfig(requireUser(request).id, commonRules, content_type, size));
  });

  app.post('/confirm', { config: { rateLimit: uploadRateLimit(app) } }, async (request) => {
    const { key, name } = parse(confirmUploadRequestSchema, request.body);
    const row = await service.confirmDirect(requireUser(request).id, key, name ?? '', commonRules);
    return ok(toStoredFile(row));
  });

  app.get('/info', async (request) => {
    const { file_id } = parse(fileIdQuerySchema, request.query);
    return ok(toStoredFile(await service.find(requireUser(request).id, file_id, null)));
  });

  app.get('/download', async (request, reply) => {
    const { file_id } = parse(fileIdQuerySchema, request.query);
    const { row, body } = await service.open(requireUser(request).id, file_id, null);
    return sendStoredFile(reply, row, body);
  });

  app.get('/usage', async (request) => {
    const room = await service.quota.room(requireUser(request).id);
    return ok({ used_bytes: room.usedBytes, quota_bytes: room.quotaBytes } satisfies StorageUsageResponse);
  });

  app.post('/delete', async (request) => {
    const { file_id } = parse(deleteFileRequestSchema, request.body);
    await service.delete(requireUser(request).id, file_id, null);
    return ok(null);
  });
};

export default fileRoutes;
