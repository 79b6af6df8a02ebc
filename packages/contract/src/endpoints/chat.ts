import { z } from 'zod';
import {
  answerStopRequestSchema,
  askStreamRequestSchema,
  conversationCreateRequestSchema,
  conversationDeleteRequestSchema,
  conversationListQuerySchema,
  chatTruncateRequestSchema,
  chatTruncateResponseSchema,
  conversationUpdateRequestSchema,
  FEEDBACK_ACTIONS,
  feedbackRequestSchema,
  type FeedbackAction,
  messageCompletionQuerySchema,
  messageListQuerySchema,
} from '../chat';
import {
  asyncAskResponseSchema,
  chatMessageSchema,
  chatModelsResponseSchema,
  conversationListResponseSchema,
  conversationSchema,
  feedbackStateSchema,
  messageListResponseSchema,
  usageStatusSchema,
} from '../chat-responses';
import {
  CHAT_MODULES,
  chatMessageApis,
  chatModels,
  type ChatMessageApi,
  type ChatModule,
  type ModelOption,
} from '../constants';
import { answerFollowRequestSchema } from '../answer-follow';
import { endpoint, type Endpoint } from '../endpoint';

/** A chat module's conversations, models and quota, under its own prefix. */
export function chatConversationEndpoints(module: ChatModule) {
  const base = `/api/${module}`;
  const tag = module;
  return {
    models: endpoint({
      method: 'GET',
      path: `${base}/models`,
      summary: 'The models this chat app offers',
      tag,
      access: 'user',
      data: chatModelsResponseSchema,
    }),
    conversationList: endpoint({
      method: 'GET',
      path: `${base}/conversation/list`,
      summary: 'Your conversations, newest first, a page at a time',
      tag,
      access: 'user',
      query: conversationListQuerySchema,
      data: conversationListResponseSchema,
    }),
    conversationCreate: endpoint({
      method: 'POST',
      path: `${base}/conversation/create`,
      summary: 'Starts a conversation',
      tag,
      access: 'user',
      body: conversationCreateRequestSchema,
      data: conversationSchema,
    }),
    conversationUpdate: endpoint({
      method: 'POST',
      path: `${base}/conversation/update`,
      summary: 'Renames a conversation or changes its model settings',
      tag,
      access: 'user',
      body: conversationUpdateRequestSchema,
      data: conversationSchema,
    }),
    conversationDelete: endpoint({
      method: 'POST',
      path: `${base}/conversation/delete`,
      summary: 'Deletes a conversation and its messages',
      tag,
      access: 'user',
      body: conversationDeleteRequestSchema,
      data: z.null(),
    }),
    promptQueue: endpoint({
      method: 'GET',
      path: `${base}/promptQueue/list`,
      summary: 'Your ask quota in this app: used, limit, window',
      tag,
      access: 'user',
      data: usageStatusSchema,
    }),
  };
}

/**
 * The message calls of a chat module's models that answer on `/api/{api}`: the module's own prefix
 * streams with `askStream`; another model family's prefix asks with `ask`, streamed or answered
 * asynchronously (then polled through `completion`) as its models' transport says.
 */
export function chatMessageEndpoints(module: ChatModule, api: ChatMessageApi) {
  const base = `/api/${api}`;
  const tag = module;
  const models: readonly ModelOption[] = chatModels[module].models;
  const polled = models.find((m) => m.api === api)?.transport === 'poll';
  const own = api === module;
  return {
    messageList: endpoint({
      method: 'GET',
      path: `${base}/message/list`,
      summary: 'The messages of a conversation, a page at a time',
      tag,
      access: 'user',
      query: messageListQuerySchema,
      data: messageListResponseSchema,
    }),
    messageCompletion: endpoint({
      method: 'GET',
      path: `${base}/message/completion`,
      summary: 'One answer as stored now (for polling an asynchronous answer)',
      tag,
      access: 'user',
      query: messageCompletionQuerySchema,
      data: chatMessageSchema,
    }),
    messageStop: endpoint({
      method: 'POST',
      path: `${base}/message/stop`,
      summary: 'Stops an answer being generated, on whichever replica runs it',
      tag,
      access: 'user',
      body: answerStopRequestSchema,
      data: chatMessageSchema,
    }),
    messageTruncate: endpoint({
      method: 'POST',
      path: `${base}/message/truncate`,
      summary:
        'Removes a question and every message after it (to ask it again edited); refused while an answer is written',
      tag,
      access: 'user',
      body: chatTruncateRequestSchema,
      data: chatTruncateResponseSchema,
    }),
    messageFollow: endpoint({
      method: 'POST',
      path: `${base}/message/follow`,
      summary: 'Follows an answer being generated to its end (event stream: the text so far, then what is added)',
      tag: tag,
      access: 'user',
      body: answerFollowRequestSchema,
      reply: 'event-stream',
    }),
    ask: polled
      ? endpoint({
          method: 'POST',
          path: `${base}/message/ask`,
          summary: 'Asks; the answer is generated in the background and polled with message/completion',
          tag,
          access: 'user',
          body: askStreamRequestSchema,
          data: asyncAskResponseSchema,
        })
      : endpoint({
          method: 'POST',
          path: `${base}/message/${own ? 'askStream' : 'ask'}`,
          summary: 'Asks and streams the answer as server-sent events',
          tag,
          access: 'user',
          body: askStreamRequestSchema,
          reply: 'event-stream',
        }),
  };
}

const feedbackEndpoint = (action: FeedbackAction) =>
  endpoint({
    method: 'POST',
    path: `/api/feedback/${action}`,
    summary: `Records ${action} on an answer`,
    tag: 'feedback',
    access: 'user',
    body: feedbackRequestSchema,
    data: feedbackStateSchema,
  });

/** Like, dislike and copy on answers of every module (typed, so a caller's body and reply are). */
export const feedbackEndpoints = Object.fromEntries(
  FEEDBACK_ACTIONS.map((action) => [action, feedbackEndpoint(action)]),
) as Record<FeedbackAction, ReturnType<typeof feedbackEndpoint>>;

/** Every chat endpoint group, for the endpoint list. */
export function chatEndpointGroups(): Record<string, Endpoint>[] {
  return [
    ...CHAT_MODULES.flatMap((module) => [
      chatConversationEndpoints(module),
      ...chatMessageApis(module).map((api) => chatMessageEndpoints(module, api)),
    ]),
    feedbackEndpoints,
  ];
}
