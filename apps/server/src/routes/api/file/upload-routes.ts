import { moduleFileEndpoints } from '@portal/contract/endpoints/portal';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../../lib/serve-endpoint';
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
 * (`/api/pdf/file/upload`, as `moduleFileEndpoints` declares them). The auth gate already checks the
 * module's right for every path under the prefix, so a user without the app never reaches these
 * handlers. Files uploaded here belong to the module and are served only under its prefix.
 */
export function moduleUploadRoutes(options: ModuleUploadOptions): FastifyPluginAsync {
  const endpoints = moduleFileEndpoints(options.module);
  return async (app) => {
    await registerMultipart(app);
    const rules: UploadRules = { ...app.services.files.commonRules, ...options.rules };

    serve(
      app,
      endpoints.upload,
      async ({ request }) => toStoredFile(await receiveUpload(app, request, options.module, rules)),
      { config: { rateLimit: uploadRateLimit(app) } },
    );

    serve(app, endpoints.download, async ({ query: { file_id }, request, reply }) => {
      const { row, body } = await app.services.files.service.open(requireUser(request).id, file_id, options.module);
      return sendStoredFile(reply, row, body);
    });
  };
}
