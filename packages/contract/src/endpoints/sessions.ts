import { z } from 'zod';
import { answerFollowRequestSchema } from '../answer-follow';
import { feedbackStateSchema } from '../chat-responses';
import { endpoint, uploadedFileBodySchema, type Endpoint, type HttpMethod } from '../endpoint';
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

/** What a session tool's call declares itself: the method, path, tag and access are the tool's. */
type SessionCall = Omit<Endpoint, 'method' | 'path' | 'tag' | 'access'>;

/**
 * Every call of a session tool is a signed-in user's, under the tool's prefix and tagged with the
 * tool's name: `get('/file/list', {...})` declares `GET /api/pdf/file/list` for pdf.
 */
function callsOf(module: SessionModule) {
  const under =
    <const M extends HttpMethod>(method: M) =>
    <const C extends SessionCall>(path: string, declared: C) =>
      endpoint({ method, path: `/api/${module}${path}`, ...declared, tag: module, access: 'user' });
  return { get: under('GET'), post: under('POST') };
}

/** The calls every session tool has: sessions, messages, prompts and documents. */
function commonSessionEndpoints(module: SessionModule) {
  const { get, post } = callsOf(module);
  const completion = (path: string) =>
    get(path, {
      summary: 'One answer as stored now (for polling an asynchronous answer)',
      query: sessionMessageIdQuerySchema,
      data: sessionMessageSchema,
    });
  const ask = (path: string, summary: string) =>
    post(path, { summary, body: sessionAskRequestSchema, reply: 'event-stream' });
  return {
    sessionList: get('/session/list', {
      summary: 'Your sessions, newest first',
      query: sessionListQuerySchema,
      data: sessionListResponseSchema,
    }),
    sessionCreate: post('/session/create', {
      summary: 'Starts a session',
      body: sessionCreateRequestSchema,
      data: sessionSchema,
    }),
    sessionInfo: get('/session/info', {
      summary: 'A session with its files',
      query: sessionIdQuerySchema,
      data: sessionInfoResponseSchema,
    }),
    sessionUpdate: post('/session/update', {
      summary: 'Renames a session or changes its settings',
      body: sessionUpdateRequestSchema,
      data: sessionSchema,
    }),
    sessionDelete: post('/session/delete', {
      summary: 'Deletes a session, its messages and its files',
      body: sessionDeleteRequestSchema,
      data: z.null(),
    }),
    promptCompletions: get('/session/promptCompletions', {
      summary: 'Suggested prompts for a session',
      query: promptCompletionsQuerySchema,
      data: promptCompletionsResponseSchema,
    }),
    messageList: get('/message/list', {
      summary: 'The messages of a session, a page at a time',
      query: sessionMessageListQuerySchema,
      data: sessionMessageListResponseSchema,
    }),
    messageCompletion: completion('/message/completion'),
    promptCompletion: completion('/prompt/getCompletion'),
    messageStop: post('/message/stop', {
      summary: 'Stops an answer being generated',
      body: sessionStopRequestSchema,
      data: sessionMessageSchema,
    }),
    messageFeedback: post('/message/feedback', {
      summary: 'Like, dislike or copy of an answer',
      body: sessionFeedbackRequestSchema,
      data: feedbackStateSchema,
    }),
    messageTruncate: post('/message/truncate', {
      summary:
        'Removes a question and every message after it (to ask it again edited); refused while an answer is written',
      body: sessionTruncateRequestSchema,
      data: sessionTruncateResponseSchema,
    }),
    messageFollow: post('/message/follow', {
      summary: 'Follows an answer being generated to its end (event stream: the text so far, then what is added)',
      body: answerFollowRequestSchema,
      reply: 'event-stream',
    }),
    messageReceive: ask('/message/receive', 'Asks and streams the answer as server-sent events'),
    promptAskStream: ask(
      '/prompt/askStream',
      'Asks and streams the answer as server-sent events (alias of message/receive)',
    ),
    promptAsyncAsk: post('/prompt/asyncAsk', {
      summary: 'Asks; the answer is generated in the background and polled with prompt/getCompletion',
      body: sessionAskRequestSchema,
      data: sessionAsyncAskResponseSchema,
    }),
    fileUpload: post('/file/upload', {
      summary: 'Uploads a document into a session (a new session when none is named)',
      multipart: true,
      query: sessionUploadQuerySchema,
      body: uploadedFileBodySchema,
      data: sessionUploadResponseSchema,
    }),
    fileList: get('/file/list', {
      summary: 'The documents of a session',
      query: sessionIdQuerySchema,
      data: sessionFileListResponseSchema,
    }),
    fileCheckStatus: post('/file/check_doc_status', {
      summary: 'Reading progress of documents',
      body: checkDocStatusRequestSchema,
      data: checkDocStatusResponseSchema,
    }),
    fileReload: post('/file/reload', {
      summary: 'Reads a document again',
      body: sessionFileRequestSchema,
      data: sessionFileSchema,
    }),
    fileDelete: post('/file/delete', {
      summary: 'Removes a document from a session',
      body: sessionFileRequestSchema,
      data: sessionFileDeleteResponseSchema,
    }),
    fileSlice: get('/file/slice', {
      summary: 'A cited passage with its page and position',
      query: sessionSliceQuerySchema,
      data: sessionSliceSchema,
    }),
    fileDownload: get('/file/download', {
      summary: 'The stored document itself',
      query: fileIdQuerySchema,
      reply: 'file',
    }),
  };
}

/** The brainstorm's own calls: its idea cards. */
function brainstormOwnEndpoints() {
  const { get, post } = callsOf('brainstorm');
  return {
    ideaList: get('/idea/list', {
      summary: 'The idea cards of a brainstorm',
      query: sessionIdQuerySchema,
      data: ideaListResponseSchema,
    }),
    ideaUpdate: post('/idea/update', {
      summary: 'Edits, rates or shortlists an idea card',
      body: ideaUpdateRequestSchema,
      data: ideaCardSchema,
    }),
    ideaMerge: post('/idea/merge', {
      summary: 'Merges idea cards into one',
      body: ideaMergeRequestSchema,
      data: ideaCardSchema,
    }),
  };
}

/** PDF analysis's own call: questions the documents can answer. */
function pdfOwnEndpoints() {
  const { post } = callsOf('pdf');
  return {
    recommendQuestion: post('/message/get_stream_recommend_question', {
      summary: 'Streams follow-up questions about the documents',
      body: recommendQuestionRequestSchema,
      reply: 'event-stream',
    }),
  };
}

type CommonSessionEndpoints = ReturnType<typeof commonSessionEndpoints>;
type BrainstormOwnEndpoints = ReturnType<typeof brainstormOwnEndpoints>;
type PdfOwnEndpoints = ReturnType<typeof pdfOwnEndpoints>;

/** The session tools' calls (brainstorm, insight, pdf), under each tool's prefix. */
export function sessionEndpoints(module: 'brainstorm'): CommonSessionEndpoints & BrainstormOwnEndpoints;
export function sessionEndpoints(module: 'pdf'): CommonSessionEndpoints & PdfOwnEndpoints;
export function sessionEndpoints(
  module: SessionModule,
): CommonSessionEndpoints & Partial<BrainstormOwnEndpoints & PdfOwnEndpoints>;
export function sessionEndpoints(module: SessionModule) {
  return {
    ...commonSessionEndpoints(module),
    ...(module === 'brainstorm' ? brainstormOwnEndpoints() : {}),
    ...(module === 'pdf' ? pdfOwnEndpoints() : {}),
  };
}

export function sessionEndpointGroups(): Record<string, Endpoint>[] {
  return SESSION_MODULES.map((module) => sessionEndpoints(module));
}
