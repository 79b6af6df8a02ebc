import { MARKETING_ATTACHMENT_KINDS } from '@portal/contract';
import { marketingEndpoints } from '@portal/contract/endpoints/marketing';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint';
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

  serve(
    app,
    marketingEndpoints.fileUpload,
    async ({ request }) => {
      const row = await receiveUpload(app, request, 'marketing', rules);
      if (!row.mime.startsWith('image/')) await documents.add(row, MARKETING_COLLECTION);
      return toStoredFile(row);
    },
    { config: { rateLimit: uploadRateLimit(app) } },
  );

  serve(app, marketingEndpoints.fileStatus, async ({ body: { file_ids }, request }) => {
    const found = await documents.list(MARKETING_COLLECTION, requireUser(request).id, file_ids);
    return { list: found.map(({ doc }) => ({ file_id: doc.fileId, status: doc.status, reason: doc.reason })) };
  });

  serve(app, marketingEndpoints.fileDownload, async ({ query: { file_id }, reply, request }) => {
    const { row, body } = await files.service.open(requireUser(request).id, file_id, 'marketing');
    return sendStoredFile(reply, row, body);
  });
};
