import {
  checkDocStatusRequestSchema,
  docFailureMessages,
  ErrorCode,
  fileIdQuerySchema,
  sessionFileRequestSchema,
  sessionIdQuerySchema,
  sessionSliceQuerySchema,
  sessionUploadQuerySchema,
  type SessionSlice,
  type FileKind,
  type SessionModule,
} from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error';
import { ok } from '../../lib/envelope';
import { parse } from '../../lib/validate';
import { requireUser } from '../../plugins/auth';
import { receiveUpload, registerMultipart, sendStoredFile, uploadRateLimit } from '../../routes/api/file/transfer';
import type { UploadRules } from '../../services/files';
import { resourceGone } from '../../lib/resource-gone';
import { toDocStatus, toSessionFile } from './serialize';

/** What each tool reads: PDF analysis takes PDFs; insight and brainstorm any document kind. */
const KINDS: Record<SessionModule, readonly FileKind[]> = {
  pdf: ['pdf'],
  insight: ['pdf', 'docx', 'xlsx', 'csv', 'txt', 'md'],
  brainstorm: ['pdf', 'docx', 'xlsx', 'csv', 'txt', 'md'],
};

/**
 * /api/{module}/file/…: uploads into a session's document pipeline, their parse status, reload,
 * delete, download and a cited passage. A file id counts only within the caller's own session.
 */
export function fileRoutes(module: SessionModule): FastifyPluginAsync {
  return async (app) => {
    await registerMultipart(app);
    const { sessions: tools } = app;
    const { documents, files } = app.services;
    const rules: UploadRules = { kinds: KINDS[module], maxBytes: documents.config.max_file_bytes };

    const sessionOf = (userId: number, sessionId: string) => tools.sessions.get(userId, module, sessionId);

    app.post('/file/upload', { config: { rateLimit: uploadRateLimit(app) } }, async (request) => {
      const { session_id } = parse(sessionUploadQuerySchema, request.query);
      const user = requireUser(request);
      // The session and its room are checked before a byte of the file is stored.
      let session = session_id ? await sessionOf(user.id, session_id) : undefined;
      const max = documents.config.max_files_per_collection;
      if (session && (await documents.countIn(session.id)) >= max) {
        throw new AppError(ErrorCode.validation, docFailureMessages.tooManyFiles(max));
      }
      const file = await receiveUpload(app, request, module, rules);
      session ??= await tools.sessions.create(user.id, module, { name: file.displayName });
      const added = await documents.add(file, session.id);
      return ok(toSessionFile(added, module));
    });

    app.get('/file/list', async (request) => {
      const { session_id } = parse(sessionIdQuerySchema, request.query);
      const user = requireUser(request);
      const session = await sessionOf(user.id, session_id);
      return ok({ list: (await documents.list(session.id, user.id)).map((f) => toSessionFile(f, module)) });
    });

    app.post('/file/check_doc_status', async (request) => {
      const body = parse(checkDocStatusRequestSchema, request.body);
      const user = requireUser(request);
      const session = await sessionOf(user.id, body.session_id);
      const found = await documents.list(session.id, user.id, body.file_ids);
      if (body.file_ids && found.length !== new Set(body.file_ids).size) throw resourceGone();
      const list = found.map(toDocStatus);
      return ok({ list, settled: list.every((d) => d.status === 'ready' || d.status === 'failed') });
    });

    app.post('/file/reload', async (request) => {
      const body = parse(sessionFileRequestSchema, request.body);
      const user = requireUser(request);
      const session = await sessionOf(user.id, body.session_id);
      const found = await documents.find(session.id, user.id, body.file_id);
      if (!found) throw resourceGone();
      const doc = await documents.queue(found.doc.fileId);
      return ok(toSessionFile({ doc, file: found.file }, module));
    });

    app.post('/file/delete', async (request) => {
      const body = parse(sessionFileRequestSchema, request.body);
      const user = requireUser(request);
      const session = await sessionOf(user.id, body.session_id);
      const found = await documents.find(session.id, user.id, body.file_id);
      if (!found) throw resourceGone();
      await documents.remove(user.id, found.doc.fileId, module);
      return ok({ file_id: found.doc.fileId });
    });

    // A cited passage with its place on the page, for the viewer a citation opens.
    app.get('/file/slice', async (request) => {
      const query = parse(sessionSliceQuerySchema, request.query);
      const user = requireUser(request);
      const session = await sessionOf(user.id, query.session_id);
      const chunk = await documents.chunkIn(session.id, user.id, Number(query.chunk_id));
      if (!chunk) throw resourceGone();
      return ok({
        chunk_id: String(chunk.id),
        file_id: chunk.fileId,
        text: chunk.text,
        page: chunk.page,
        row: chunk.row,
        position: chunk.position,
      } satisfies SessionSlice);
    });

    app.get('/file/download', async (request, reply) => {
      const { file_id } = parse(fileIdQuerySchema, request.query);
      const { row, body } = await files.service.open(requireUser(request).id, file_id, module);
      return sendStoredFile(reply, row, body);
    });
  };
}
