import {
  answerFollowRequestSchema,
  marketingCollectCreateRequestSchema,
  marketingCollectDeleteRequestSchema,
  marketingCollectListQuerySchema,
  marketingConversationDetailQuerySchema,
  marketingMessageIdSchema,
  marketingReceiveRequestSchema,
} from '@portal/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../lib/envelope';
import { parse } from '../../lib/validate';
import { requireUser } from '../../plugins/auth';
import { resourceGone } from '../../lib/resource-gone';
import { invalid } from './errors';
import { toMarketingCollection, toMarketingConversation, toMarketingMessage } from './serialize';

/**
 * /api/marketing: descriptions analysed as a stream, conversations, collections. The per-app right
 * was checked by the auth hook; every id is looked up within the signed-in user's own rows.
 */
export const marketingRoutes: FastifyPluginAsync = async (app) => {
  const { marketing } = app;

  app.post('/message/receive', async (request, reply) => {
    const body = parse(marketingReceiveRequestSchema, request.body);
    const prepared = await marketing.receive.prepare(requireUser(request).id, body);
    reply.hijack();
    await marketing.receive.stream(prepared, reply.raw, request.id, request.log);
  });

  /** An analysis as stored so far: a page opened mid-answer follows it with this until it ends. */
  app.get('/message/completion', async (request) => {
    const { message_id } = parse(marketingMessageIdSchema, request.query);
    const userId = requireUser(request).id;
    const answer = await marketing.messages.findOwnedAnswer(userId, message_id);
    if (!answer) throw resourceGone();
    const collected = await marketing.collections.idsByMessage(userId, [answer.id]);
    return ok(toMarketingMessage(answer, collected.get(answer.id) ?? null));
  });

  /** A page that came back to an analysis being generated follows it to its end (contract: answer-follow.ts). */
  app.post('/message/follow', async (request, reply) => {
    const { message_id } = parse(answerFollowRequestSchema, request.body);
    const answer = await marketing.messages.findOwnedAnswer(requireUser(request).id, message_id);
    if (!answer) throw resourceGone();
    reply.hijack();
    await app.services.answers.follow({
      res: reply.raw,
      requestId: request.id,
      log: request.log,
      messageId: message_id,
      read: () => marketing.messages.row(message_id),
    });
  });

  /** 停止: the only thing that stops an analysis (a client that leaves does not), on any replica. */
  app.post('/message/stop', async (request) => {
    const { message_id } = parse(marketingMessageIdSchema, request.body);
    const userId = requireUser(request).id;
    const answer = await marketing.messages.findOwnedAnswer(userId, message_id);
    if (!answer) throw resourceGone();
    const stopped = await app.services.answers.stopAnswer(marketing.messages, message_id, answer);
    return ok(toMarketingMessage(stopped, null));
  });

  app.get('/conversation/list', async (request) => {
    const rows = await marketing.conversations.list(requireUser(request).id);
    return ok({ conv_list: rows.map(toMarketingConversation) });
  });

  app.get('/conversation/detail', async (request) => {
    const { conv_id } = parse(marketingConversationDetailQuerySchema, request.query);
    const userId = requireUser(request).id;
    const conversation = await marketing.conversations.find(userId, conv_id);
    if (!conversation) throw resourceGone();
    const rows = await marketing.messages.listOf(conversation.id);
    const collected = await marketing.collections.idsByMessage(
      userId,
      rows.filter((r) => r.role === 'assistant').map((r) => r.id),
    );
    return ok({
      conversation: toMarketingConversation(conversation),
      messages: rows.map((r) => toMarketingMessage(r, collected.get(r.id) ?? null)),
    });
  });

  app.post('/collect/create', async (request) => {
    const body = parse(marketingCollectCreateRequestSchema, request.body);
    const userId = requireUser(request).id;
    const answer = await marketing.messages.findOwnedAnswer(userId, body.message_id);
    if (!answer) throw resourceGone();
    if (answer.status !== 'done' || !answer.sections) throw invalid('message_id', '分析尚未完成，无法收藏');
    const conversation = await marketing.conversations.find(userId, answer.convId);
    const row = await marketing.collections.save({
      userId,
      messageId: answer.id,
      convId: answer.convId,
      title: body.title ?? conversation?.title ?? '案例分析',
      tags: body.tags,
      note: body.note,
      content: answer.content,
      sections: answer.sections,
    });
    return ok(toMarketingCollection(row));
  });

  app.get('/collect/list', async (request) => {
    const query = parse(marketingCollectListQuerySchema, request.query);
    const { rows, total } = await marketing.collections.list(requireUser(request).id, {
      tag: query.tag || undefined,
      keyword: query.keyword || undefined,
      page: query.page,
      pageSize: query.page_size,
    });
    return ok({ list: rows.map(toMarketingCollection), total, page: query.page, page_size: query.page_size });
  });

  app.post('/collect/delete', async (request) => {
    const { collect_id } = parse(marketingCollectDeleteRequestSchema, request.body);
    if (!(await marketing.collections.remove(requireUser(request).id, collect_id))) throw resourceGone();
    return ok(null);
  });

  app.get('/collect/total', async (request) => ok(await marketing.collections.total(requireUser(request).id)));
};
