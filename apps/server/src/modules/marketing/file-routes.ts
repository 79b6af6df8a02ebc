import {
  fileIdQuerySchema,
  MARKETING_ATTACHMENT_KINDS,
  marketingAttachmentStatusRequestSchema,
  type MarketingAttachmentStatusResponse,
} from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/envelope';
import { parse } from '../../lib/validate';
import { requireUser } from '../../plugins/auth';
import { receiveUpload, registerMultipart, sendStoredFile, uploadRateLimit } from '../../routes/api/file/transfer';
import { toStoredFile, type UploadRules } from '../../services/files';
import { MARKETING_COLLECTION } from './attachment-reader';

/**
 * /api/marketing/file/…: campaign attachments. Images are stored; documents also start their parse
 * at once, so their text is (usually) ready by the time the description is sent. Files belong to
 * the module and to their uploader; another user's id answers like an unknown one.
 */
export const marketingFileRoutes: FastifyPluginAsync = async (app) => {
  await registerMultipart(app);
  const { documents, files } = app.services;
  const rules: UploadRules = { ...files.commonRules, kinds: [...MARKETING_ATTACHMENT_KINDS] };

  app.post('/file/upload', { config: { rateLimit: uploadRateLimit(app) } }, async (request) => {
    const row = await receiveUpload(app, request, 'marketing', rules);
    if (!row.mime.startsWith('image/')) await documents.add(row, MARKETING_COLLECTION);
    return ok(toStoredFile(row));
  });

  app.post('/file/status', async (request) => {
    const { file_ids } = parse(marketingAttachmentStatusRequestSchema, request.body);
    const found = await documents.list(MARKETING_COLLECTION, requireUser(request).id, file_ids);
    return ok<MarketingAttachmentStatusResponse>({
      list: found.map(({ doc }) => ({ file_id: doc.fileId, status: doc.status, reason: doc.reason })),
    });
  });

  app.get('/file/download', async (request, reply) => {
    const { file_id } = parse(fileIdQuerySchema, request.query);
    const { row, body } = await files.service.open(requireUser(request).id, file_id, 'marketing');
    return sendStoredFile(reply, row, body);
  });
};
