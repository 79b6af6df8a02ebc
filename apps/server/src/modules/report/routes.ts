import {
  answerFollowRequestSchema,
  ErrorCode,
  ErrorMessage,
  reportAskRequestSchema,
  reportBriefRequestSchema,
  reportCategoryCreateRequestSchema,
  reportCategoryQuerySchema,
  reportCompareRequestSchema,
  reportConversationCreateRequestSchema,
  reportConversationEditRequestSchema,
  reportConversationIdQuerySchema,
  reportExportQuerySchema,
  reportIdRequestSchema,
  reportMessageIdSchema,
  reportQuestionsRequestSchema,
  reportUploadQuerySchema,
  sliceDetailQuerySchema,
  type ReportConversation,
} from '@portal/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ReportConversationRow } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { ok } from '../../lib/envelope';
import { resourceGone } from '../../lib/resource-gone';
import { parse } from '../../lib/validate';
import { requireUser } from '../../plugins/auth';
import { receiveUpload, registerMultipart, uploadRateLimit } from '../../routes/api/file/transfer';
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

  // Library
  app.get('/home/reportCategory', async (request) => {
    const { keyword } = parse(reportCategoryQuerySchema, request.query);
    const user = requireUser(request);
    return ok({ list: await report.library.home(user.id, keyword || undefined), can_manage: user.isAdmin });
  });

  /** A user's own upload (no category) or, for administrators, into a shared category. */
  app.post('/file/upload', { config: { rateLimit: uploadRateLimit(app) } }, async (request) => {
    const meta = parse(reportUploadQuerySchema, request.query);
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
      return ok({ ...toReportSummary(existing), already_uploaded: true });
    }
    const added = await report.library.add(file, { ...meta, categoryId: meta.category_id ?? null });
    return ok({ ...toReportSummary(added), already_uploaded: false });
  });

  app.post('/file/delete', async (request) => {
    const { report_id } = parse(reportIdRequestSchema, request.body);
    const user = requireUser(request);
    await report.library.remove(user.id, user.isAdmin, report_id);
    return ok({ report_id });
  });

  /** The report's PDF for the viewer (shared reports are readable by everyone with the app). */
  app.get('/file/view', async (request, reply) => {
    const { report_id } = parse(reportIdRequestSchema, request.query);
    const [found] = await report.library.requireVisible(requireUser(request).id, [report_id]);
    // The reader may not be the uploader: the owner's file is opened once visibility is checked.
    const { body } = await files.service.open(found!.report.ownerId, found!.report.fileId, 'report');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=300')
      .send(body);
  });

  app.post('/admin/category/create', async (request) => {
    requireAdmin(request);
    const { name } = parse(reportCategoryCreateRequestSchema, request.body);
    const row = await report.library.createCategory(name);
    return ok({ category_id: row.id, name: row.name, reports: [] });
  });

  // Conversations
  app.post('/conversation/create', async (request) => {
    const body = parse(reportConversationCreateRequestSchema, request.body);
    const user = requireUser(request);
    const chosen = await report.library.requireVisible(user.id, body.report_ids);
    const title =
      body.title ||
      chosen
        .map((c) => c.report.title)
        .join('、')
        .slice(0, 60);
    const row = await report.conversations.create(user.id, title, [...new Set(body.report_ids)]);
    return ok(await toConversation(user.id, row));
  });

  app.post('/conversation/edit', async (request) => {
    const body = parse(reportConversationEditRequestSchema, request.body);
    const user = requireUser(request);
    await report.conversations.get(user.id, body.conversation_id);
    if (body.report_ids) await report.library.requireVisible(user.id, body.report_ids);
    const row = await report.conversations.edit(body.conversation_id, {
      title: body.title,
      reportIds: body.report_ids ? [...new Set(body.report_ids)] : undefined,
    });
    return ok(await toConversation(user.id, row));
  });

  app.get('/conversation/detail', async (request) => {
    const { conversation_id } = parse(reportConversationIdQuerySchema, request.query);
    const user = requireUser(request);
    const row = await report.conversations.get(user.id, conversation_id);
    const messages = await report.conversations.messages(row.id);
    return ok({ conversation: await toConversation(user.id, row), messages: messages.map(toReportMessage) });
  });

  /** An answer as stored so far: a page opened mid-answer follows it with this until it ends. */
  app.get('/message/completion', async (request) => {
    const { message_id } = parse(reportMessageIdSchema, request.query);
    const answer = await report.conversations.findOwned(requireUser(request).id, message_id);
    if (!answer || answer.role !== 'assistant') throw resourceGone();
    return ok(toReportMessage(answer));
  });

  /** A page that came back to an answer being generated follows it to its end (contract: answer-follow.ts). */
  app.post('/message/follow', async (request, reply) => {
    const { message_id } = parse(answerFollowRequestSchema, request.body);
    const answer = await report.conversations.findOwned(requireUser(request).id, message_id);
    if (!answer || answer.role !== 'assistant') throw resourceGone();
    reply.hijack();
    await app.services.answers.follow({
      res: reply.raw,
      requestId: request.id,
      log: request.log,
      messageId: message_id,
      read: () => report.conversations.row(message_id),
    });
  });

  /** 停止: the only thing that stops an answer (a client that leaves does not), on any replica. */
  app.post('/message/stop', async (request) => {
    const { message_id } = parse(reportMessageIdSchema, request.body);
    const answer = await report.conversations.findOwned(requireUser(request).id, message_id);
    if (!answer || answer.role !== 'assistant') throw resourceGone();
    return ok(toReportMessage(await app.services.answers.stopAnswer(report.conversations, message_id, answer)));
  });

  app.get('/conversation/list', async (request) => {
    const user = requireUser(request);
    const rows = await report.conversations.list(user.id);
    return ok({ list: await Promise.all(rows.map((r) => toConversation(user.id, r))) });
  });

  // Questions and answers
  app.post('/pdf/questions', async (request) => {
    const { report_ids } = parse(reportQuestionsRequestSchema, request.body);
    const chosen = await report.library.requireVisible(requireUser(request).id, report_ids);
    return ok({ list: await suggestQuestions(report.retrieval, chosen) });
  });

  app.post('/pdf/askNew', async (request, reply) => {
    const body = parse(reportAskRequestSchema, request.body);
    const prepared = await report.asks.prepare(requireUser(request).id, body.conversation_id, body.prompt);
    reply.hijack();
    await report.asks.stream(prepared, reply.raw, request.id, request.log);
  });

  app.get('/pdf/sliceFileDetail', async (request) => {
    const { chunk_id } = parse(sliceDetailQuerySchema, request.query);
    const user = requireUser(request);
    const found = await report.retrieval.chunk(Number(chunk_id));
    if (!found) throw resourceGone();
    const owner = await report.library.byFile(user.id, found.chunk.fileId);
    if (!owner) throw resourceGone();
    return ok({
      chunk_id,
      text: found.chunk.text,
      page: found.chunk.page,
      order: found.chunk.ord,
      position: found.chunk.position,
      report: toReportSummary(owner),
      file_url: `/api/report/file/view?report_id=${owner.report.id}`,
    });
  });

  // Analyst tools
  /** The industry brief, written by the model and streamed like an answer (events message, finish, error). */
  app.post('/pdf/brief', async (request, reply) => {
    const { conversation_id } = parse(reportBriefRequestSchema, request.body);
    const prepared = await report.briefs.prepare(requireUser(request).id, conversation_id);
    reply.hijack();
    await report.briefs.stream(prepared, reply.raw, request.id, request.log);
  });

  /** Two reports of the conversation side by side, written by the model and streamed like the brief. */
  app.post('/pdf/compare', async (request, reply) => {
    const { conversation_id, report_ids } = parse(reportCompareRequestSchema, request.body);
    const prepared = await report.comparisons.prepare(requireUser(request).id, conversation_id, report_ids);
    reply.hijack();
    await report.comparisons.stream(prepared, reply.raw, request.id, request.log);
  });

  app.get('/export', async (request, reply) => {
    const { message_id, format } = parse(reportExportQuerySchema, request.query);
    const user = requireUser(request);
    const answer = await report.conversations.findOwned(user.id, message_id);
    if (!answer || answer.role !== 'assistant') throw resourceGone();
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
