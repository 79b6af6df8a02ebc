import { ErrorCode, redImportFieldsSchema } from '@portal/contract';
import { redEndpoints as e } from '@portal/contract/endpoints/red';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error';
import { resourceGone } from '../../lib/resource-gone';
import { serve } from '../../lib/serve-endpoint';
import { parse } from '../../lib/validate';
import { requireUser } from '../../plugins/auth';
import { registerMultipart } from '../../routes/api/file/transfer';
import { invalid } from './errors';
import { importFormatOf } from './import/upload-check';

/**
 * /api/red/admin: the dictionary and file imports. The auth gate refuses `/admin/` paths to
 * anyone but administrators, so these handlers never see staff.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  const { red } = app;
  await registerMultipart(app);

  serve(app, e.adminProjectSave, async ({ body }) => {
    const projectId = await red.dictionary.save(body);
    if (projectId === null) throw resourceGone();
    await red.seeder.queueRematch();
    return { project_id: projectId };
  });

  serve(app, e.adminImport, async ({ request }) => {
    const user = requireUser(request);
    if (!request.isMultipart()) throw invalid('file', '请以 multipart/form-data 上传文件');
    const maxBytes = red.config.max_import_mb * 1_000_000;
    let fields: Record<string, string> = {};
    let file: { name: string; bytes: Buffer } | undefined;
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1 } })) {
      if (part.type === 'field') fields = { ...fields, [part.fieldname]: String(part.value) };
      else if (part.fieldname === 'file' && !file) {
        const bytes = await part.toBuffer();
        if (part.file.truncated || bytes.length > maxBytes) {
          throw new AppError(ErrorCode.tooLarge, `文件不能超过${red.config.max_import_mb}MB`);
        }
        file = { name: part.filename ?? '', bytes };
      } else part.file.resume();
    }
    if (!file) throw invalid('file', '请选择要导入的文件');
    const { source } = parse(redImportFieldsSchema, fields);
    const format = await importFormatOf(file.bytes, file.name);
    if (format !== 'csv' && format !== 'jsonl' && format !== 'xlsx') {
      throw new AppError(ErrorCode.unsupportedMediaType, format);
    }
    const jobId = await red.imports.start({
      userId: user.id,
      source: source || '文件导入',
      fileName: file.name.slice(0, 120),
      format,
      bytes: file.bytes,
    });
    return { job_id: jobId };
  });

  serve(app, e.adminImportStatus, async ({ query }) => {
    const status = await red.imports.status(query.job_id);
    if (!status) throw resourceGone();
    return status;
  });
};
