import { fileIdQuerySchema } from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../../lib/envelope';
import { parse } from '../../../lib/validate';
import { requireUser } from '../../../plugins/auth';
import { toStoredFile, type UploadRules } from '../../../services/files';
import { receiveUpload, registerMultipart, sendStoredFile, uploadRateLimit } from './transfer';

export interface ModuleUploadOptions {
  /** The owning module, as in its API prefix (`pdf` for `/api/pdf`). */
  module: string;
  /** What this module accepts; defaults to the common image rules. */
  rules?: Partial<UploadRules>;
}

/**
 * `POST file/upload` and `GET file/download` for a module, registered under the module's own prefix
 * (`/api/pdf/file/upload`). The auth gate already checks the module's right for every path under
 * the prefix, so a user without the app never reaches these handlers. Files uploaded here belong to
 * the module and are served only under its prefix.
 */
export function moduleUploadRoutes(options: ModuleUploadOptions): FastifyPluginAsync {
  return async (app) => {
    await registerMultipart(app);
    const rules: UploadRules = { ...app.services.files.commonRules, ...options.rules };

    app.post('/file/upload', { config: { rateLimit: uploadRateLimit(app) } }, async (request) => {
      const row = await receiveUpload(app, request, options.module, rules);
      return ok(toStoredFile(row));
    });

    app.get('/file/download', async (request, reply) => {
      const { file_id } = parse(fileIdQuerySchema, request.query);
      const { row, body } = await app.services.files.service.open(requireUser(request).id, file_id, options.module);
      return sendStoredFile(reply, row, body);
    });
  };
}
