import { z } from 'zod';
import { answerFollowRequestSchema } from '../answer-follow';
import { feedbackStateSchema } from '../chat-responses';
import { endpoint, uploadedFileBodySchema, type Endpoint } from '../endpoint';
import { fileIdQuerySchema } from '../files';
import {
  checkDocStatusRequestSchema,
  checkDocStatusResponseSchema,
  ideaCardSchema,
  ideaListResponseSchema,
  ideaMergeRequestSchema,
  ideaUpdateRequestSchema,
  promptCompletionsQuerySchema,
  promptCompletionsResponseSchema,
  recommendQuestionRequestSchema,
  SESSION_MODULES,
  sessionAskRequestSchema,
  sessionAsyncAskResponseSchema,
  sessionCreateRequestSchema,
  sessionDeleteRequestSchema,
  sessionFileDeleteResponseSchema,
  sessionFileListResponseSchema,
  sessionFileRequestSchema,
  sessionFeedbackRequestSchema,
  sessionFileSchema,
  sessionIdQuerySchema,
  sessionInfoResponseSchema,
  sessionListQuerySchema,
  sessionListResponseSchema,
  sessionMessageIdQuerySchema,
  sessionMessageListQuerySchema,
  sessionMessageListResponseSchema,
  sessionMessageSchema,
  sessionSchema,
  sessionSliceQuerySchema,
  sessionSliceSchema,
  sessionStopRequestSchema,
  sessionTruncateRequestSchema,
  sessionTruncateResponseSchema,
  sessionUpdateRequestSchema,
  sessionUploadQuerySchema,
  sessionUploadResponseSchema,
  type SessionModule,
} from '../sessions';

/** The session tools' calls (brainstorm, insight, pdf), under each tool's prefix. */
export function sessionEndpoints(module: SessionModule) {
  const base = `/api/${module}`;
  const tag = module;
  const ask = (path: string, summary: string) =>
    endpoint({
      method: 'POST',
      path: `${base}${path}`,
      summary,
      tag,
      access: 'user',
      body: sessionAskRequestSchema,
      reply: 'event-stream',
    });
  const completion = (path: string) =>
    endpoint({
      method: 'GET',
      path: `${base}${path}`,
      summary: 'One answer as stored now (for polling an asynchronous answer)',
      tag,
      access: 'user',
      query: sessionMessageIdQuerySchema,
      data: sessionMessageSchema,
    });
  const common = {
    sessionList: endpoint({
      method: 'GET',
      path: `${base}/session/list`,
      summary: 'Your sessions, newest first',
      tag,
      access: 'user',
      query: sessionListQuerySchema,
      data: sessionListResponseSchema,
    }),
    sessionCreate: endpoint({
      method: 'POST',
      path: `${base}/session/create`,
      summary: 'Starts a session',
      tag,
      access: 'user',
      body: sessionCreateRequestSchema,
      data: sessionSchema,
    }),
    sessionInfo: endpoint({
      method: 'GET',
      path: `${base}/session/info`,
      summary: 'A session with its files',
      tag,
      access: 'user',
      query: sessionIdQuerySchema,
      data: sessionInfoResponseSchema,
    }),
    sessionUpdate: endpoint({
      method: 'POST',
      path: `${base}/session/update`,
      summary: 'Renames a session or changes its settings',
      tag,
      access: 'user',
      body: sessionUpdateRequestSchema,
      data: sessionSchema,
    }),
    sessionDelete: endpoint({
      method: 'POST',
      path: `${base}/session/delete`,
      summary: 'Deletes a session, its messages and its files',
      tag,
      access: 'user',
      body: sessionDeleteRequestSchema,
      data: z.null(),
    }),
    promptCompletions: endpoint({
      method: 'GET',
      path: `${base}/session/promptCompletions`,
      summary: 'Suggested prompts for a session',
      tag,
      access: 'user',
      query: promptCompletionsQuerySchema,
      data: promptCompletionsResponseSchema,
    }),
    messageList: endpoint({
      method: 'GET',
      path: `${base}/message/list`,
      summary: 'The messages of a session, a page at a time',
      tag,
      access: 'user',
      query: sessionMessageListQuerySchema,
      data: sessionMessageListResponseSchema,
    }),
    messageCompletion: completion('/message/completion'),
    promptCompletion: completion('/prompt/getCompletion'),
    messageStop: endpoint({
      method: 'POST',
      path: `${base}/message/stop`,
      summary: 'Stops an answer being generated',
      tag,
      access: 'user',
      body: sessionStopRequestSchema,
      data: sessionMessageSchema,
    }),
    messageFeedback: endpoint({
      method: 'POST',
      path: `${base}/message/feedback`,
      summary: 'Like, dislike or copy of an answer',
      tag,
      access: 'user',
      body: sessionFeedbackRequestSchema,
      data: feedbackStateSchema,
    }),
    messageTruncate: endpoint({
      method: 'POST',
      path: `${base}/message/truncate`,
      summary:
        'Removes a question and every message after it (to ask it again edited); refused while an answer is written',
      tag,
      access: 'user',
      body: sessionTruncateRequestSchema,
      data: sessionTruncateResponseSchema,
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
    messageReceive: ask('/message/receive', 'Asks and streams the answer as server-sent events'),
    promptAskStream: ask(
      '/prompt/askStream',
      'Asks and streams the answer as server-sent events (alias of message/receive)',
    ),
    promptAsyncAsk: endpoint({
      method: 'POST',
      path: `${base}/prompt/asyncAsk`,
      summary: 'Asks; the answer is generated in the background and polled with prompt/getCompletion',
      tag,
      access: 'user',
      body: sessionAskRequestSchema,
      data: sessionAsyncAskResponseSchema,
    }),
    fileUpload: endpoint({
      method: 'POST',
      path: `${base}/file/upload`,
      summary: 'Uploads a document into a session (a new session when none is named)',
      tag,
      access: 'user',
      multipart: true,
      query: sessionUploadQuerySchema,
      body: uploadedFileBodySchema,
      data: sessionUploadResponseSchema,
    }),
    fileList: endpoint({
      method: 'GET',
      path: `${base}/file/list`,
      summary: 'The documents of a session',
      tag,
      access: 'user',
      query: sessionIdQuerySchema,
      data: sessionFileListResponseSchema,
    }),
    fileCheckStatus: endpoint({
      method: 'POST',
      path: `${base}/file/check_doc_status`,
      summary: 'Reading progress of documents',
      tag,
      access: 'user',
      body: checkDocStatusRequestSchema,
      data: checkDocStatusResponseSchema,
    }),
    fileReload: endpoint({
      method: 'POST',
      path: `${base}/file/reload`,
      summary: 'Reads a document again',
      tag,
      access: 'user',
      body: sessionFileRequestSchema,
      data: sessionFileSchema,
    }),
    fileDelete: endpoint({
      method: 'POST',
      path: `${base}/file/delete`,
      summary: 'Removes a document from a session',
      tag,
      access: 'user',
      body: sessionFileRequestSchema,
      data: sessionFileDeleteResponseSchema,
    }),
    fileSlice: endpoint({
      method: 'GET',
      path: `${base}/file/slice`,
      summary: 'A cited passage with its page and position',
      tag,
      access: 'user',
      query: sessionSliceQuerySchema,
      data: sessionSliceSchema,
    }),
    fileDownload: endpoint({
      method: 'GET',
      path: `${base}/file/download`,
      summary: 'The stored document itself',
      tag,
      access: 'user',
      query: fileIdQuerySchema,
      reply: 'file',
    }),
  };
  // Not on every tool, so untyped here: a caller takes them, typed, from their own factories.
  const extra: Record<string, Endpoint> =
    module === 'brainstorm' ? brainstormIdeaEndpoints() : module === 'pdf' ? pdfRecommendEndpoints() : {};
  return { ...common, ...extra };
}

/** Brainstorm's idea cards (part of `sessionEndpoints('brainstorm')`). */
export function brainstormIdeaEndpoints() {
  const base = '/api/brainstorm';
  const tag = 'brainstorm';
  return {
    ideaList: endpoint({
      method: 'GET',
      path: `${base}/idea/list`,
      summary: 'The idea cards of a brainstorm',
      tag,
      access: 'user',
      query: sessionIdQuerySchema,
      data: ideaListResponseSchema,
    }),
    ideaUpdate: endpoint({
      method: 'POST',
      path: `${base}/idea/update`,
      summary: 'Edits, rates or shortlists an idea card',
      tag,
      access: 'user',
      body: ideaUpdateRequestSchema,
      data: ideaCardSchema,
    }),
    ideaMerge: endpoint({
      method: 'POST',
      path: `${base}/idea/merge`,
      summary: 'Merges idea cards into one',
      tag,
      access: 'user',
      body: ideaMergeRequestSchema,
      data: ideaCardSchema,
    }),
  };
}

/** The PDF tool's follow-up questions (part of `sessionEndpoints('pdf')`). */
export function pdfRecommendEndpoints() {
  return {
    recommendQuestion: endpoint({
      method: 'POST',
      path: '/api/pdf/message/get_stream_recommend_question',
      summary: 'Streams follow-up questions about the documents',
      tag: 'pdf',
      access: 'user',
      body: recommendQuestionRequestSchema,
      reply: 'event-stream',
    }),
  };
}

export function sessionEndpointGroups(): Record<string, Endpoint>[] {
  return SESSION_MODULES.map((module) => sessionEndpoints(module));
}
