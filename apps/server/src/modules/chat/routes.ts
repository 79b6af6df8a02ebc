import {
  answerFollowRequestSchema,
  answerStopRequestSchema,
  askStreamRequestSchema,
  chatTruncateRequestSchema,
  chatModels,
  conversationCreateRequestSchema,
  conversationDeleteRequestSchema,
  conversationListQuerySchema,
  conversationUpdateRequestSchema,
  ErrorCode,
  messageCompletionQuerySchema,
  messageListQuerySchema,
  ModuleType,
  validationMessage,
  type ChatMessageApi,
  type ChatModule,
  type ModelOption,
} from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error';
import { ok } from '../../lib/envelope';
import { parse } from '../../lib/validate';
import { requireUser } from '../../plugins/auth';
import { LlmError } from '../../services/llm';
import { resourceGone } from '../../lib/resource-gone';
import { searchOptionsOf } from './prompts';
import { toChatMessage, toConversation } from './serialize';

/**
 * /api/{module} conversation calls of one chat module (chatgpt, deepseek, metaso). The per-app
 * right was checked by the auth hook; every id is looked up within the signed-in user's own rows.
 */
export function conversationRoutes(module: ChatModule): FastifyPluginAsync {
  return async (app) => {
    const { llm } = app.services;
    const { chat } = app;
    const moduleType = ModuleType[module];

    const checkType = (type: number) => {
      if (type !== moduleType) throw new AppError(ErrorCode.validation, validationMessage('type', '与当前模块不符'));
    };

    app.get('/models', async () => ok({ list: llm.listModels(module) }));

    app.get('/conversation/list', async (request) => {
      const { model_type, cursor, page_size } = parse(conversationListQuerySchema, request.query);
      const { rows, next } = await chat.conversations.page(requireUser(request).id, module, {
        modelType: model_type,
        cursor,
        size: page_size,
      });
      return ok({
        conv_list: rows.map(toConversation),
        has_more: next !== undefined,
        ...(next ? { next_cursor: next } : {}),
      });
    });

    app.post('/conversation/create', async (request) => {
      const body = parse(conversationCreateRequestSchema, request.body);
      let valid;
      try {
        valid = llm.validateModelChoice(module, body);
      } catch (error) {
        if (error instanceof LlmError) throw new AppError(error.code, error.message);
        throw error;
      }
      const row = await chat.conversations.create(requireUser(request).id, module, {
        title: body.title,
        modelType: valid.modelType,
        temperature: valid.temperature,
        ...searchOptionsOf(module, body),
      });
      return ok(toConversation(row));
    });

    app.post('/conversation/update', async (request) => {
      const body = parse(conversationUpdateRequestSchema, request.body);
      checkType(body.type);
      const row = await chat.conversations.rename(requireUser(request).id, module, body.conv_id, body.title);
      return ok(toConversation(row));
    });

    app.post('/conversation/delete', async (request) => {
      const body = parse(conversationDeleteRequestSchema, request.body);
      checkType(body.type);
      await chat.conversations.remove(requireUser(request).id, module, body.conv_id);
      return ok(null);
    });

    app.get('/promptQueue/list', async (request) => ok(await chat.usage.status(requireUser(request).id, module)));
  };
}

/**
 * /api/{api} message calls of one chat module's models on that API: the module's own prefix
 * streams (`askStream`); the prefix of another model family asks with `ask`, streamed or
 * asynchronous as its models' transport says (GLM on /api/zhipu streams, ERNIE on /api/ernie is
 * polled through `completion`). Conversations stay the module's own.
 */
export function messageRoutes(module: ChatModule, api: ChatMessageApi): FastifyPluginAsync {
  return async (app) => {
    const { chat } = app;
    const models: readonly ModelOption[] = chatModels[module].models;
    const transport = models.find((m) => m.api === api)?.transport ?? 'stream';
    const askPath = api === module ? '/message/askStream' : '/message/ask';

    app.get('/message/list', async (request) => {
      const query = parse(messageListQuerySchema, request.query);
      const user = requireUser(request);
      await chat.conversations.get(user.id, module, query.conv_id);
      const { rows, total } = await chat.messages.page(query.conv_id, user.id, query.page, query.page_size);
      return ok({
        list: rows.map((r) => toChatMessage(r.row, r.feedback)),
        page: query.page,
        page_size: query.page_size,
        total,
        has_more: query.page * query.page_size < total,
      });
    });

    app.get('/message/completion', async (request) => {
      const { message_id } = parse(messageCompletionQuerySchema, request.query);
      const found = await chat.messages.findOwned(requireUser(request).id, message_id, module);
      if (!found) throw resourceGone();
      return ok(toChatMessage(found.row, found.feedback));
    });

    /** A page that came back to an answer being generated follows it to its end (contract: answer-follow.ts). */
    app.post('/message/follow', async (request, reply) => {
      const { message_id } = parse(answerFollowRequestSchema, request.body);
      const found = await chat.messages.findOwned(requireUser(request).id, message_id, module);
      if (!found || found.row.role !== 'assistant') throw resourceGone();
      reply.hijack();
      await app.services.answers.follow({
        res: reply.raw,
        requestId: request.id,
        log: request.log,
        messageId: message_id,
        read: () => chat.messages.row(message_id),
      });
    });

    app.post('/message/truncate', async (request) => {
      const body = parse(chatTruncateRequestSchema, request.body);
      const user = requireUser(request);
      const found = await chat.messages.findOwned(user.id, body.message_id, module);
      if (!found || found.row.convId !== body.conv_id) throw resourceGone();
      if (found.row.role !== 'user') {
        throw new AppError(ErrorCode.validation, validationMessage('message_id', '只能编辑提问'));
      }
      const removed = await chat.messages.truncateFrom(found.row);
      if (removed === 'generating') throw new AppError(ErrorCode.validation, '回答生成中，请先停止再编辑提问');
      // The turns this process kept for the conversation's next question are no longer its turns.
      chat.recentTurns.forget(user.id, module, body.conv_id);
      return ok({ removed });
    });

    app.post('/message/stop', async (request) => {
      const { message_id } = parse(answerStopRequestSchema, request.body);
      const row = await chat.asks.stop({ userId: requireUser(request).id, module, messageId: message_id });
      return ok(toChatMessage(row, null));
    });

    if (transport === 'poll') {
      app.post(askPath, async (request) => {
        const body = parse(askStreamRequestSchema, request.body);
        const prepared = await chat.asks.prepare({ userId: requireUser(request).id, module, api, body });
        return ok(await chat.asks.startAsync(prepared));
      });
    } else {
      app.post(askPath, async (request, reply) => {
        const body = parse(askStreamRequestSchema, request.body);
        const userId = requireUser(request).id;
        const prepared = await chat.asks.prepare({ userId, module, api, body, streamHere: true });
        reply.hijack();
        // The question is stored. The request lives as long as its stream, so it lets the text go,
        // and the handler returns rather than awaits the stream, so its own variables go too.
        request.body = undefined;
        return chat.asks.stream({ ask: prepared, res: reply.raw, requestId: request.id, log: request.log });
      });
    }
  };
}
