import {
  ErrorCode,
  RED_IMPORT_FIELD_LABELS,
  RED_IMPORT_REQUIRED,
  redImportFieldsSchema,
  redImportMappingSchema,
  type RedImportMapping,
} from '@portal/contract';
import { redEndpoints as e } from '@portal/contract/endpoints/red';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error';
import { resourceGone } from '../../lib/resource-gone';
import { serve } from '../../lib/serve-endpoint';
import { parse } from '../../lib/validate';
import { requireUser } from '../../plugins/auth';
import { registerMultipart } from '../../routes/api/file/transfer';
import { invalid } from './errors';
import { guessMapping, previewRows, UnreadableFile, type ImportFormat } from './import/readers';
import { importFormatOf } from './import/upload-check';

/** Rows the import screen previews. */
const PREVIEW_ROWS = 10;

/** The mapping sent as JSON text with an import, checked; a required field needs a column. */
function mappingOf(text: string | undefined): RedImportMapping | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('mapping', '列映射不是有效的 JSON');
  }
  const mapping = parse(redImportMappingSchema, value);
  const unmapped = RED_IMPORT_REQUIRED.filter((field) => mapping[field] === null);
  if (unmapped.length > 0) {
    throw invalid('mapping', `${unmapped.map((f) => RED_IMPORT_FIELD_LABELS[f]).join('、')}必须对应到文件中的一列`);
  }
  return mapping;
}

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

  /** The multipart body of an import or a preview: its fields and its file, checked by content. */
  async function uploaded(request: Parameters<typeof requireUser>[0]) {
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
    const format = await importFormatOf(file.bytes, file.name);
    if (format !== 'csv' && format !== 'jsonl' && format !== 'xlsx') {
      throw new AppError(ErrorCode.unsupportedMediaType, format);
    }
    return { fields, file, format: format as ImportFormat };
  }

  serve(app, e.adminImport, async ({ request }) => {
    const user = requireUser(request);
    const { fields, file, format } = await uploaded(request);
    const { source, mapping } = parse(redImportFieldsSchema, fields);
    const jobId = await red.imports.start({
      userId: user.id,
      source: source || '文件导入',
      fileName: file.name.slice(0, 120),
      format,
      bytes: file.bytes,
      mapping: mappingOf(mapping),
    });
    return { job_id: jobId };
  });

  serve(app, e.adminImportPreview, async ({ request }) => {
    requireUser(request);
    const { file, format } = await uploaded(request);
    try {
      const { columns, rows } = await previewRows(format, file.bytes, PREVIEW_ROWS);
      if (columns.length === 0) throw new UnreadableFile('文件里没有表头');
      return { format, columns, rows, mapping: guessMapping(columns) };
    } catch (error) {
      if (error instanceof UnreadableFile) throw invalid('file', error.message);
      throw invalid('file', '文件无法读取，请检查格式');
    }
  });

  serve(app, e.adminImportStatus, async ({ query }) => {
    const status = await red.imports.status(query.job_id);
    if (!status) throw resourceGone();
    return status;
  });
};
