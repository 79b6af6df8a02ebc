import {
  answerFollowRequestSchema,
  ideaMergeRequestSchema,
  ideaUpdateRequestSchema,
  promptCompletionsQuerySchema,
  sessionAskRequestSchema,
  sessionCreateRequestSchema,
  sessionDeleteRequestSchema,
  sessionIdQuerySchema,
  sessionListQuerySchema,
  sessionMessageIdQuerySchema,
  sessionMessageListQuerySchema,
  sessionFeedbackRequestSchema,
  sessionStopRequestSchema,
  sessionTruncateRequestSchema,
  sessionUpdateRequestSchema,
  ErrorCode,
  validationMessage,
  type SessionModule,
} from '@portal/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error';
import { ok } from '../../lib/envelope';
import { parse } from '../../lib/validate';
import { requireUser } from '../../plugins/auth';
import { resourceGone } from '../../lib/resource-gone';
import { suggestPrompts } from './suggestions';
import { toSession, toSessionFile, toSessionMessage } from './serialize';

/**
 * /api/{module} session, message and prompt calls of one session tool. The per-app right was
 * checked by the auth hook; every id is looked up within the signed-in user's own rows.
 */
export function sessionRoutes(module: SessionModule): FastifyPluginAsync {
  return async (app) => {
    const { sessions: tools } = app;
    const { documents } = app.services;

    app.get('/session/list', async (request) => {
      const query = parse(sessionListQuerySchema, request.query);
      const { rows, total } = await tools.sessions.list(requireUser(request).id, module, query.page, query.page_size);
      return ok({ session_list: rows.map((r) => toSession(r, r.fileCount)), total });
    });

    app.post('/session/create', async (request) => {
      const body = parse(sessionCreateRequestSchema, request.body ?? {});
      const row = await tools.sessions.create(requireUser(request).id, module, {
        name: body.session_name,
        topic: body.topic,
        method: body.method,
      });
      return ok(toSession(row, 0));
    });

    app.get('/session/info', async (request) => {
      const { session_id } = parse(sessionIdQuerySchema, request.query);
      const user = requireUser(request);
      const session = await tools.sessions.get(user.id, module, session_id);
      const files = await documents.list(session.id, user.id);
      return ok({ session: toSession(session, files.length), files: files.map((f) => toSessionFile(f, module)) });
    });

    app.post('/session/update', async (request) => {
      const body = parse(sessionUpdateRequestSchema, request.body);
      const user = requireUser(request);
      const row = await tools.sessions.rename(user.id, module, body.session_id, body.session_name);
      return ok(toSession(row, await documents.countIn(row.id)));
    });

    app.post('/session/delete', async (request) => {
      const { session_id } = parse(sessionDeleteRequestSchema, request.body);
      const user = requireUser(request);
      const session = await tools.sessions.get(user.id, module, session_id);
      for (const { doc } of await documents.list(session.id, user.id))
        await documents.remove(user.id, doc.fileId, module);
      await tools.sessions.remove(user.id, module, session.id);
      return ok(null);
    });

    app.get('/session/promptCompletions', async (request) => {
      const { session_id } = parse(promptCompletionsQuerySchema, request.query);
      const user = requireUser(request);
      const session = session_id ? await tools.sessions.get(user.id, module, session_id) : undefined;
      return ok({ list: await suggestPrompts(documents, module, user.id, session) });
    });

    app.get('/message/list', async (request) => {
      const query = parse(sessionMessageListQuerySchema, request.query);
      await tools.sessions.get(requireUser(request).id, module, query.session_id);
      const { rows, total } = await tools.messages.page(query.session_id, query.page, query.page_size);
      return ok({
        list: rows.map(toSessionMessage),
        page: query.page,
        page_size: query.page_size,
        total,
        has_more: query.page * query.page_size < total,
      });
    });

    const completion = async (request: FastifyRequest) => {
      const { message_id } = parse(sessionMessageIdQuerySchema, request.query);
      const row = await tools.messages.findOwned(requireUser(request).id, module, message_id);
      if (!row) throw resourceGone();
      return ok(toSessionMessage(row));
    };
    app.get('/message/completion', completion);
    app.get('/prompt/getCompletion', completion);

    /** A page that came back to an answer being generated follows it to its end (contract: answer-follow.ts). */
    app.post('/message/follow', async (request, reply) => {
      const { message_id } = parse(answerFollowRequestSchema, request.body);
      const row = await tools.messages.findOwned(requireUser(request).id, module, message_id);
      if (!row || row.role !== 'assistant') throw resourceGone();
      reply.hijack();
      await app.services.answers.follow({
        res: reply.raw,
        requestId: request.id,
        log: request.log,
        messageId: message_id,
        read: () => tools.messages.row(message_id),
      });
    });

    app.post('/message/stop', async (request) => {
      const { message_id } = parse(sessionStopRequestSchema, request.body);
      return ok(toSessionMessage(await tools.asks.stop(requireUser(request).id, module, message_id)));
    });

    /** An answer of one of this user's sessions of this module; any other id is unknown. */
    const ownedInSession = async (request: FastifyRequest, sessionId: string, messageId: string) => {
      const row = await tools.messages.findOwned(requireUser(request).id, module, messageId);
      if (!row || row.sessionId !== sessionId) throw resourceGone();
      return row;
    };

    app.post('/message/feedback', async (request) => {
      const body = parse(sessionFeedbackRequestSchema, request.body);
      const row = await ownedInSession(request, body.session_id, body.message_id);
      if (row.role !== 'assistant')
        throw new AppError(ErrorCode.validation, validationMessage('message_id', '只能评价回答'));
      return ok(await tools.messages.feedback(row, body.action));
    });

    app.post('/message/truncate', async (request) => {
      const body = parse(sessionTruncateRequestSchema, request.body);
      const row = await ownedInSession(request, body.session_id, body.message_id);
      if (row.role !== 'user')
        throw new AppError(ErrorCode.validation, validationMessage('message_id', '只能编辑提问'));
      // A brainstorm round also made idea cards: removing its message would leave them behind.
      if (module === 'brainstorm') throw new AppError(ErrorCode.validation, '头脑风暴的提问不能编辑重发');
      const removed = await tools.messages.truncateFrom(row);
      if (removed === 'generating') throw new AppError(ErrorCode.validation, '回答生成中，请先停止再编辑提问');
      return ok({ removed });
    });

    const streamAsk = async (request: FastifyRequest, reply: FastifyReply) => {
      const body = parse(sessionAskRequestSchema, request.body);
      const prepared = await tools.asks.prepare(requireUser(request).id, module, body);
      reply.hijack();
      await tools.asks.stream(prepared, reply.raw, request.id, request.log);
    };
    app.post('/message/receive', streamAsk);
    app.post('/prompt/askStream', streamAsk);

    app.post('/prompt/asyncAsk', async (request) => {
      const body = parse(sessionAskRequestSchema, request.body);
      const prepared = await tools.asks.prepare(requireUser(request).id, module, body);
      return ok(await tools.asks.startAsync(prepared));
    });

    if (module === 'brainstorm') {
      app.get('/idea/list', async (request) => {
        const { session_id } = parse(sessionIdQuerySchema, request.query);
        await tools.sessions.get(requireUser(request).id, module, session_id);
        return ok({ list: await tools.ideas.cards(session_id) });
      });
      app.post('/idea/update', async (request) => {
        const body = parse(ideaUpdateRequestSchema, request.body);
        await tools.sessions.get(requireUser(request).id, module, body.session_id);
        return ok(await tools.ideas.update(body.session_id, body));
      });
      app.post('/idea/merge', async (request) => {
        const body = parse(ideaMergeRequestSchema, request.body);
        const user = requireUser(request);
        await tools.sessions.get(user.id, module, body.session_id);
        return ok(await tools.ideas.merge(body.session_id, user.id, body));
      });
    }
  };
}
