import { addbgEndpoints as e } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve-endpoint';
import { requireUser } from '../../plugins/auth';
import { receiveUpload, registerMultipart, sendStoredFile, uploadRateLimit } from '../../routes/api/file/transfer';
import { toStoredFile, type UploadRules } from '../../services/files';
import type { AddbgConfig } from './config';

/** Source images: checked by their content (type by magic bytes, section 5's size limits), owner-only. */
export function fileRoutes(config: AddbgConfig): FastifyPluginAsync {
  return async (app) => {
    await registerMultipart(app);
    const { files } = app.services;
    const rules: UploadRules = {
      ...files.commonRules,
      kinds: ['image'],
      maxWidth: config.max_image_width ?? files.commonRules.maxWidth,
      maxHeight: config.max_image_height ?? files.commonRules.maxHeight,
    };
    serve(app, e.upload, async ({ request }) => toStoredFile(await receiveUpload(app, request, 'addbg', rules)), {
      config: { rateLimit: uploadRateLimit(app) },
    });
    serve(app, e.download, async ({ query, request, reply }) => {
      const { row, body } = await files.service.open(requireUser(request).id, query.file_id, 'addbg');
      return sendStoredFile(reply, row, body);
    });
  };
}
