import { docFailureMessages, ErrorCode, type FileKind, type SessionModule } from '@portal/contract';
import { sessionEndpoints } from '@portal/contract/endpoints/sessions';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error';
import { resourceGone } from '../../lib/resource-gone';
import { serve } from '../../lib/serve-endpoint';
import { requireUser } from '../../plugins/auth';
import { receiveUpload, registerMultipart, sendStoredFile, uploadRateLimit } from '../../routes/api/file/transfer';
import type { UploadRules } from '../../services/files';
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
    const endpoints = sessionEndpoints(module);

    const sessionOf = (userId: number, sessionId: string) => tools.sessions.get(userId, module, sessionId);

    serve(
      app,
      endpoints.fileUpload,
      async ({ query: { session_id }, request }) => {
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
        return toSessionFile(added, module);
      },
      { config: { rateLimit: uploadRateLimit(app) } },
    );

    serve(app, endpoints.fileList, async ({ query: { session_id }, request }) => {
      const user = requireUser(request);
      const session = await sessionOf(user.id, session_id);
      return { list: (await documents.list(session.id, user.id)).map((f) => toSessionFile(f, module)) };
    });

    serve(app, endpoints.fileCheckStatus, async ({ body, request }) => {
      const user = requireUser(request);
      const session = await sessionOf(user.id, body.session_id);
      const found = await documents.list(session.id, user.id, body.file_ids);
      if (body.file_ids && found.length !== new Set(body.file_ids).size) throw resourceGone();
      const list = found.map(toDocStatus);
      return { list, settled: list.every((d) => d.status === 'ready' || d.status === 'failed') };
    });

    serve(app, endpoints.fileReload, async ({ body, request }) => {
      const user = requireUser(request);
      const session = await sessionOf(user.id, body.session_id);
      const found = await documents.find(session.id, user.id, body.file_id);
      if (!found) throw resourceGone();
      const doc = await documents.queue(found.doc.fileId);
      return toSessionFile({ doc, file: found.file }, module);
    });

    serve(app, endpoints.fileDelete, async ({ body, request }) => {
      const user = requireUser(request);
      const session = await sessionOf(user.id, body.session_id);
      const found = await documents.find(session.id, user.id, body.file_id);
      if (!found) throw resourceGone();
      await documents.remove(user.id, found.doc.fileId, module);
      return { file_id: found.doc.fileId };
    });

    // A cited passage with its place on the page, for the viewer a citation opens.
    serve(app, endpoints.fileSlice, async ({ query, request }) => {
      const user = requireUser(request);
      const session = await sessionOf(user.id, query.session_id);
      const chunk = await documents.chunkIn(session.id, user.id, Number(query.chunk_id));
      if (!chunk) throw resourceGone();
      return {
        chunk_id: String(chunk.id),
        file_id: chunk.fileId,
        text: chunk.text,
        page: chunk.page,
        row: chunk.row,
        position: chunk.position,
      };
    });

    serve(app, endpoints.fileDownload, async ({ query: { file_id }, reply, request }) => {
      const { row, body } = await files.service.open(requireUser(request).id, file_id, module);
      return sendStoredFile(reply, row, body);
    });
  };
}
