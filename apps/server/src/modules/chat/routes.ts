import {
  chatModels,
  ErrorCode,
  ModuleType,
  validationMessage,
  type ChatMessageApi,
  type ChatModule,
  type ModelOption,
} from '@portal/contract';
import { chatConversationEndpoints, chatMessageEndpoints } from '@portal/contract/endpoints/chat';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error';
import { resourceGone } from '../../lib/resource-gone';
import { serve } from '../../lib/serve-endpoint';
import { requireUser } from '../../plugins/auth';
import { LlmError } from '../../services/llm';
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
    const e = chatConversationEndpoints(module);

    /** The module's own type, or another kind of conversation its list shows (image conversations). */
    const checkType = (type: number) => {
      if (type !== moduleType && !chat.kinds.of(module, type)) {
        throw new AppError(ErrorCode.validation, validationMessage('type', '与当前模块不符'));
      }
    };

    serve(app, e.models, async () => ({ list: llm.listModels(module) }));

    serve(app, e.conversationList, async ({ query, request }) => {
      const { model_type, cursor, page_size } = query;
      const { rows, next } = await chat.conversations.page(requireUser(request).id, module, {
        modelType: model_type,
        cursor,
        size: page_size,
      });
      return {
        conv_list: rows.map(toConversation),
        has_more: next !== undefined,
        ...(next ? { next_cursor: next } : {}),
      };
    });

    serve(app, e.conversationCreate, async ({ body, request }) => {
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
      return toConversation(row);
    });

    serve(app, e.conversationUpdate, async ({ body, request }) => {
      checkType(body.type);
      const user = requireUser(request);
      return toConversation(await chat.conversations.rename(user.id, module, body.conv_id, body.title, body.type));
    });

    serve(app, e.conversationDelete, async ({ body, request }) => {
      checkType(body.type);
      const other = body.type === moduleType ? undefined : chat.kinds.of(module, body.type);
      if (other) await other.remove(requireUser(request).id, body.conv_id);
      else await chat.conversations.remove(requireUser(request).id, module, body.conv_id);
      return null;
    });

    serve(app, e.promptQueue, async ({ request }) => chat.usage.status(requireUser(request).id, module));
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
    const e = chatMessageEndpoints(module, api);

    serve(app, e.messageList, async ({ query, request }) => {
      const user = requireUser(request);
      await chat.conversations.get(user.id, module, query.conv_id);
      const { rows, total } = await chat.messages.page(query.conv_id, user.id, query.page, query.page_size);
      return {
        list: rows.map((r) => toChatMessage(r.row, r.feedback)),
        page: query.page,
        page_size: query.page_size,
        total,
        has_more: query.page * query.page_size < total,
      };
    });

    serve(app, e.messageCompletion, async ({ query, request }) => {
      const found = await chat.messages.findOwned(requireUser(request).id, query.message_id, module);
      if (!found) throw resourceGone();
      return toChatMessage(found.row, found.feedback);
    });

    /** A page that came back to an answer being generated follows it to its end (contract: answer-follow.ts). */
    serve(app, e.messageFollow, async ({ body, request, reply }) => {
      await chat.asks.follow({
        userId: requireUser(request).id,
        module,
        messageId: body.message_id,
        open: () => {
          reply.hijack();
          return reply.raw;
        },
        requestId: request.id,
        log: request.log,
      });
    });

    serve(app, e.messageTruncate, async ({ body, request }) => {
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
      return { removed };
    });

    serve(app, e.messageStop, async ({ body, request }) => {
      const row = await chat.asks.stop({ userId: requireUser(request).id, module, messageId: body.message_id });
      return toChatMessage(row, null);
    });

    if (transport === 'poll') {
      serve(app, e.ask, async ({ body, request }) => {
        const prepared = await chat.asks.prepare({ userId: requireUser(request).id, module, api, body });
        return chat.asks.startAsync(prepared);
      });
    } else {
      serve(app, e.ask, async ({ body, request, reply }) => {
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
