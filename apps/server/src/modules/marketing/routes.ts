import { marketingEndpoints } from '@portal/contract/endpoints/marketing';
import type { FastifyPluginAsync } from 'fastify';
import { resourceGone } from '../../lib/resource-gone';
import { serve } from '../../lib/serve-endpoint';
import { serveStream, streamOf } from '../../lib/serve-stream';
import { requireUser } from '../../plugins/auth';
import { serveAnswerFollow } from '../serve-answer-follow';
import { invalid } from './errors';
import { toMarketingCollection, toMarketingConversation, toMarketingMessage } from './serialize';

/**
 * /api/marketing: descriptions analysed as a stream, conversations, collections. The per-app right
 * was checked by the auth hook; every id is looked up within the signed-in user's own rows.
 */
export const marketingRoutes: FastifyPluginAsync = async (app) => {
  const { marketing } = app;

  /** The user's own analysis; any other id, or a description's, is unknown. */
  const ownedAnswer = async (userId: number, messageId: string) => {
    const answer = await marketing.messages.findOwnedAnswer(userId, messageId);
    if (!answer) throw resourceGone();
    return answer;
  };

  serveStream(app, marketingEndpoints.receive, async ({ body, request }) =>
    streamOf(marketing.receive, await marketing.receive.prepare(requireUser(request).id, body)),
  );

  /** An analysis as stored so far: a page opened mid-answer follows it with this until it ends. */
  serve(app, marketingEndpoints.messageCompletion, async ({ query: { message_id }, request }) => {
    const userId = requireUser(request).id;
    const answer = await ownedAnswer(userId, message_id);
    const collected = await marketing.collections.idsByMessage(userId, [answer.id]);
    return toMarketingMessage(answer, collected.get(answer.id) ?? null);
  });

  serveAnswerFollow(app, marketingEndpoints.messageFollow, {
    findOwned: (userId, messageId) => marketing.messages.findOwnedAnswer(userId, messageId),
    read: (messageId) => marketing.messages.row(messageId),
  });

  /** 停止: the only thing that stops an analysis (a client that leaves does not), on any replica. */
  serve(app, marketingEndpoints.messageStop, async ({ body: { message_id }, request }) => {
    const answer = await ownedAnswer(requireUser(request).id, message_id);
    const stopped = await app.services.answers.stopAnswer(marketing.messages, message_id, answer);
    return toMarketingMessage(stopped, null);
  });

  serve(app, marketingEndpoints.conversationList, async ({ request }) => {
    const rows = await marketing.conversations.list(requireUser(request).id);
    return { conv_list: rows.map(toMarketingConversation) };
  });

  serve(app, marketingEndpoints.conversationDetail, async ({ query: { conv_id }, request }) => {
    const userId = requireUser(request).id;
    const conversation = await marketing.conversations.find(userId, conv_id);
    if (!conversation) throw resourceGone();
    const rows = await marketing.messages.listOf(conversation.id);
    const collected = await marketing.collections.idsByMessage(
      userId,
      rows.filter((r) => r.role === 'assistant').map((r) => r.id),
    );
    return {
      conversation: toMarketingConversation(conversation),
      messages: rows.map((r) => toMarketingMessage(r, collected.get(r.id) ?? null)),
    };
  });

  serve(app, marketingEndpoints.collectCreate, async ({ body, request }) => {
    const userId = requireUser(request).id;
    const answer = await ownedAnswer(userId, body.message_id);
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
    return toMarketingCollection(row);
  });

  serve(app, marketingEndpoints.collectList, async ({ query, request }) => {
    const { rows, total } = await marketing.collections.list(requireUser(request).id, {
      tag: query.tag || undefined,
      keyword: query.keyword || undefined,
      page: query.page,
      pageSize: query.page_size,
    });
    return { list: rows.map(toMarketingCollection), total, page: query.page, page_size: query.page_size };
  });

  serve(app, marketingEndpoints.collectDelete, async ({ body: { collect_id }, request }) => {
    if (!(await marketing.collections.remove(requireUser(request).id, collect_id))) throw resourceGone();
    return null;
  });

  serve(app, marketingEndpoints.collectTotal, async ({ request }) =>
    marketing.collections.total(requireUser(request).id),
  );
};
