import { ErrorCode, validationMessage, type SessionModule } from '@portal/contract';
import { sessionEndpoints } from '@portal/contract/endpoints/sessions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error';
import { resourceGone } from '../../lib/resource-gone';
import { serve, type EndpointInput } from '../../lib/serve-endpoint';
import { serveStream, streamOf } from '../../lib/serve-stream';
import { requireUser } from '../../plugins/auth';
import { serveAnswerFollow } from '../serve-answer-follow';
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
    const endpoints = sessionEndpoints(module);

    serve(app, endpoints.sessionList, async ({ query, request }) => {
      const { rows, total } = await tools.sessions.list(requireUser(request).id, module, query.page, query.page_size);
      return { session_list: rows.map((r) => toSession(r, r.fileCount)), total };
    });

    serve(app, endpoints.sessionCreate, async ({ body, request }) => {
      const row = await tools.sessions.create(requireUser(request).id, module, {
        name: body.session_name,
        topic: body.topic,
        method: body.method,
      });
      return toSession(row, 0);
    });

    serve(app, endpoints.sessionInfo, async ({ query: { session_id }, request }) => {
      const user = requireUser(request);
      const session = await tools.sessions.get(user.id, module, session_id);
      const files = await documents.list(session.id, user.id);
      return { session: toSession(session, files.length), files: files.map((f) => toSessionFile(f, module)) };
    });

    serve(app, endpoints.sessionUpdate, async ({ body, request }) => {
      const user = requireUser(request);
      const row = await tools.sessions.rename(user.id, module, body.session_id, body.session_name);
      return toSession(row, await documents.countIn(row.id));
    });

    serve(app, endpoints.sessionDelete, async ({ body: { session_id }, request }) => {
      const user = requireUser(request);
      const session = await tools.sessions.get(user.id, module, session_id);
      for (const { doc } of await documents.list(session.id, user.id))
        await documents.remove(user.id, doc.fileId, module);
      await tools.sessions.remove(user.id, module, session.id);
      return null;
    });

    serve(app, endpoints.promptCompletions, async ({ query: { session_id }, request }) => {
      const user = requireUser(request);
      const session = session_id ? await tools.sessions.get(user.id, module, session_id) : undefined;
      return { list: await suggestPrompts(documents, module, user.id, session) };
    });

    serve(app, endpoints.messageList, async ({ query, request }) => {
      await tools.sessions.get(requireUser(request).id, module, query.session_id);
      const { rows, total } = await tools.messages.page(query.session_id, query.page, query.page_size);
      return {
        list: rows.map(toSessionMessage),
        page: query.page,
        page_size: query.page_size,
        total,
        has_more: query.page * query.page_size < total,
      };
    });

    const completion = async ({
      query: { message_id },
      request,
    }: EndpointInput<typeof endpoints.messageCompletion>) => {
      const row = await tools.messages.findOwned(requireUser(request).id, module, message_id);
      if (!row) throw resourceGone();
      return toSessionMessage(row);
    };
    serve(app, endpoints.messageCompletion, completion);
    serve(app, endpoints.promptCompletion, completion);

    serveAnswerFollow(app, endpoints.messageFollow, {
      findOwned: (userId, messageId) => tools.messages.findOwned(userId, module, messageId),
      read: (messageId) => tools.messages.row(messageId),
    });

    serve(app, endpoints.messageStop, async ({ body: { message_id }, request }) =>
      toSessionMessage(await tools.asks.stop(requireUser(request).id, module, message_id)),
    );

    /** An answer of one of this user's sessions of this module; any other id is unknown. */
    const ownedInSession = async (request: FastifyRequest, sessionId: string, messageId: string) => {
      const row = await tools.messages.findOwned(requireUser(request).id, module, messageId);
      if (!row || row.sessionId !== sessionId) throw resourceGone();
      return row;
    };

    serve(app, endpoints.messageFeedback, async ({ body, request }) => {
      const row = await ownedInSession(request, body.session_id, body.message_id);
      if (row.role !== 'assistant')
        throw new AppError(ErrorCode.validation, validationMessage('message_id', '只能评价回答'));
      return await tools.messages.feedback(row, body.action);
    });

    serve(app, endpoints.messageTruncate, async ({ body, request }) => {
      const row = await ownedInSession(request, body.session_id, body.message_id);
      if (row.role !== 'user')
        throw new AppError(ErrorCode.validation, validationMessage('message_id', '只能编辑提问'));
      // A brainstorm round also made idea cards: removing its message would leave them behind.
      if (module === 'brainstorm') throw new AppError(ErrorCode.validation, '头脑风暴的提问不能编辑重发');
      const removed = await tools.messages.truncateFrom(row);
      if (removed === 'generating') throw new AppError(ErrorCode.validation, '回答生成中，请先停止再编辑提问');
      return { removed };
    });

    const streamAsk = async ({ body, request }: EndpointInput<typeof endpoints.messageReceive>) =>
      streamOf(tools.asks, await tools.asks.prepare(requireUser(request).id, module, body));
    serveStream(app, endpoints.messageReceive, streamAsk);
    serveStream(app, endpoints.promptAskStream, streamAsk);

    serve(app, endpoints.promptAsyncAsk, async ({ body, request }) => {
      const prepared = await tools.asks.prepare(requireUser(request).id, module, body);
      return await tools.asks.startAsync(prepared);
    });

    if (module === 'brainstorm') {
      const { ideaList, ideaUpdate, ideaMerge } = sessionEndpoints(module);
      serve(app, ideaList, async ({ query: { session_id }, request }) => {
        await tools.sessions.get(requireUser(request).id, module, session_id);
        return { list: await tools.ideas.cards(session_id) };
      });
      serve(app, ideaUpdate, async ({ body, request }) => {
        await tools.sessions.get(requireUser(request).id, module, body.session_id);
        return await tools.ideas.update(body.session_id, body);
      });
      serve(app, ideaMerge, async ({ body, request }) => {
        const user = requireUser(request);
        await tools.sessions.get(user.id, module, body.session_id);
        return await tools.ideas.merge(body.session_id, user.id, body);
      });
    }
  };
}
