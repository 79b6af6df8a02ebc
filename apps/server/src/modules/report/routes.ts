import { ErrorCode, ErrorMessage, type ReportConversation } from '@portal/contract';
import { reportEndpoints } from '@portal/contract/endpoints/report';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ReportConversationRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { resourceGone } from '../../lib/resource-gone';
import { serve } from '../../lib/serve-endpoint';
import { serveStream, streamOf } from '../../lib/serve-stream';
import { requireUser } from '../../plugins/auth';
import { receiveUpload, registerMultipart, uploadRateLimit } from '../../routes/api/file/transfer';
import { serveAnswerFollow } from '../serve-answer-follow';
import { toReportMessage } from './conversation-store';
import { exportDocx, exportMarkdown } from './export';
import { toReportSummary } from './library';
import { suggestQuestions } from './questions';

function requireAdmin(request: FastifyRequest) {
  const user = requireUser(request);
  if (!user.isAdmin) throw new AppError(ErrorCode.forbidden, ErrorMessage.forbiddenAdmin);
  return user;
}

/** /api/report/…: the library, conversations, answers with citations, brief, compare, export. */
export const reportRoutes: FastifyPluginAsync = async (app) => {
  await registerMultipart(app);
  const report = app.reportLibrary;
  const { documents, files } = app.services;
  const rules = { kinds: ['pdf'] as const, maxBytes: documents.config.max_file_bytes };

  const toConversation = async (userId: number, row: ReportConversationRow): Promise<ReportConversation> => {
    const visible = await report.library.visible(userId, row.reportIds);
    const byId = new Map(visible.map((v) => [v.report.id, v] as const));
    return {
      conversation_id: row.id,
      title: row.title,
      reports: row.reportIds.flatMap((id) => (byId.has(id) ? [toReportSummary(byId.get(id)!)] : [])),
      missing_report_ids: row.reportIds.filter((id) => !byId.has(id)),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  };

  /** The user's own answer (never a question); any other id is unknown. */
  const ownedAnswer = async (request: FastifyRequest, messageId: string) => {
    const answer = await report.conversations.findOwned(requireUser(request).id, messageId);
    if (!answer || answer.role !== 'assistant') throw resourceGone();
    return answer;
  };

  // Library
  serve(app, reportEndpoints.home, async ({ query: { keyword }, request }) => {
    const user = requireUser(request);
    return { list: await report.library.home(user.id, keyword || undefined), can_manage: user.isAdmin };
  });

  /** A user's own upload (no category) or, for administrators, into a shared category. */
  serve(
    app,
    reportEndpoints.upload,
    async ({ query: meta, request }) => {
      const user = requireUser(request);
      if (meta.category_id !== undefined) {
        if (!user.isAdmin) throw new AppError(ErrorCode.forbidden, ErrorMessage.forbiddenAdmin);
        if (!(await report.library.category(meta.category_id))) throw resourceGone();
      }
      const file = await receiveUpload(app, request, 'report', { ...rules, kinds: [...rules.kinds] });
      // The same PDF again (by content) is not stored twice: the answer is the report already there.
      const existing = await report.library.sameContent(file);
      if (existing) {
        await files.service.delete(user.id, file.id, 'report');
        return { ...toReportSummary(existing), already_uploaded: true };
      }
      const added = await report.library.add(file, { ...meta, categoryId: meta.category_id ?? null });
      return { ...toReportSummary(added), already_uploaded: false };
    },
    { config: { rateLimit: uploadRateLimit(app) } },
  );

  serve(app, reportEndpoints.delete, async ({ body: { report_id }, request }) => {
    const user = requireUser(request);
    await report.library.remove(user.id, user.isAdmin, report_id);
    return { report_id };
  });

  /** The report's PDF for the viewer (shared reports are readable by everyone with the app). */
  serve(app, reportEndpoints.view, async ({ query: { report_id }, reply, request }) => {
    const [found] = await report.library.requireVisible(requireUser(request).id, [report_id]);
    // The reader may not be the uploader: the owner's file is opened once visibility is checked.
    const { body } = await files.service.open(found!.report.ownerId, found!.report.fileId, 'report');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=300')
      .send(body);
  });

  serve(app, reportEndpoints.createCategory, async ({ body: { name }, request }) => {
    requireAdmin(request);
    const row = await report.library.createCategory(name);
    return { category_id: row.id, name: row.name, reports: [] };
  });

  // Conversations
  serve(app, reportEndpoints.conversationCreate, async ({ body, request }) => {
    const user = requireUser(request);
    const chosen = await report.library.requireVisible(user.id, body.report_ids);
    const title =
      body.title ||
      chosen
        .map((c) => c.report.title)
        .join('、')
        .slice(0, 60);
    const row = await report.conversations.create(user.id, title, [...new Set(body.report_ids)]);
    return await toConversation(user.id, row);
  });

  serve(app, reportEndpoints.conversationEdit, async ({ body, request }) => {
    const user = requireUser(request);
    await report.conversations.get(user.id, body.conversation_id);
    if (body.report_ids) await report.library.requireVisible(user.id, body.report_ids);
    const row = await report.conversations.edit(body.conversation_id, {
      title: body.title,
      reportIds: body.report_ids ? [...new Set(body.report_ids)] : undefined,
    });
    return await toConversation(user.id, row);
  });

  serve(app, reportEndpoints.conversationDetail, async ({ query: { conversation_id }, request }) => {
    const user = requireUser(request);
    const row = await report.conversations.get(user.id, conversation_id);
    const messages = await report.conversations.messages(row.id);
    return { conversation: await toConversation(user.id, row), messages: messages.map(toReportMessage) };
  });

  /** An answer as stored so far: a page opened mid-answer follows it with this until it ends. */
  serve(app, reportEndpoints.messageCompletion, async ({ query: { message_id }, request }) =>
    toReportMessage(await ownedAnswer(request, message_id)),
  );

  serveAnswerFollow(app, reportEndpoints.messageFollow, {
    findOwned: (userId, messageId) => report.conversations.findOwned(userId, messageId),
    read: (messageId) => report.conversations.row(messageId),
  });

  /** 停止: the only thing that stops an answer (a client that leaves does not), on any replica. */
  serve(app, reportEndpoints.messageStop, async ({ body: { message_id }, request }) => {
    const answer = await ownedAnswer(request, message_id);
    return toReportMessage(await app.services.answers.stopAnswer(report.conversations, message_id, answer));
  });

  serve(app, reportEndpoints.conversationList, async ({ request }) => {
    const user = requireUser(request);
    const rows = await report.conversations.list(user.id);
    return { list: await Promise.all(rows.map((r) => toConversation(user.id, r))) };
  });

  // Questions and answers
  serve(app, reportEndpoints.questions, async ({ body: { report_ids }, request }) => {
    const chosen = await report.library.requireVisible(requireUser(request).id, report_ids);
    return { list: await suggestQuestions(report.retrieval, chosen) };
  });

  serveStream(app, reportEndpoints.ask, async ({ body, request }) =>
    streamOf(report.asks, await report.asks.prepare(requireUser(request).id, body.conversation_id, body.prompt)),
  );

  serve(app, reportEndpoints.slice, async ({ query: { chunk_id }, request }) => {
    const user = requireUser(request);
    const found = await report.retrieval.chunk(Number(chunk_id));
    if (!found) throw resourceGone();
    const owner = await report.library.byFile(user.id, found.chunk.fileId);
    if (!owner) throw resourceGone();
    return {
      chunk_id,
      text: found.chunk.text,
      page: found.chunk.page,
      order: found.chunk.ord,
      position: found.chunk.position,
      report: toReportSummary(owner),
      file_url: `${reportEndpoints.view.path}?report_id=${owner.report.id}`,
    };
  });

  // Analyst tools
  /** The industry brief, written by the model and streamed like an answer (events message, finish, error). */
  serveStream(app, reportEndpoints.brief, async ({ body: { conversation_id }, request }) =>
    streamOf(report.briefs, await report.briefs.prepare(requireUser(request).id, conversation_id)),
  );

  /** Two reports of the conversation side by side, written by the model and streamed like the brief. */
  serveStream(app, reportEndpoints.compare, async ({ body: { conversation_id, report_ids }, request }) =>
    streamOf(
      report.comparisons,
      await report.comparisons.prepare(requireUser(request).id, conversation_id, report_ids),
    ),
  );

  serve(app, reportEndpoints.export, async ({ query: { message_id, format }, reply, request }) => {
    const answer = await ownedAnswer(request, message_id);
    const messages = await report.conversations.messages(answer.conversationId);
    const question = messages.filter((m) => m.seq < answer.seq && m.role === 'user').at(-1)?.content ?? '';
    const markdown = exportMarkdown(question, answer);
    const name = { brief: 'industry-brief', compare: 'report-comparison', answer: 'report-answer' }[answer.kind];
    if (format === 'md') {
      return reply
        .header('content-type', 'text/markdown; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.md"`)
        .send(markdown);
    }
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
      .header('content-disposition', `attachment; filename="${name}.docx"`)
      .send(await exportDocx(markdown));
  });
};
