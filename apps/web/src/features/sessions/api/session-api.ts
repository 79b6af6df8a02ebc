import {
  checkDocStatusResponseSchema,
  feedbackStateSchema,
  sessionTruncateResponseSchema,
  type FeedbackAction,
  type FeedbackState,
  ideaCardSchema,
  ideaListResponseSchema,
  promptCompletionsResponseSchema,
  sessionAsyncAskResponseSchema,
  sessionFileListResponseSchema,
  sessionFileSchema,
  sessionInfoResponseSchema,
  sessionListResponseSchema,
  sessionMessageListResponseSchema,
  sessionMessageSchema,
  sessionSchema,
  sessionSliceSchema,
  type CheckDocStatusResponse,
  type IdeaCard,
  type IdeaMergeRequest,
  type IdeaUpdateRequest,
  type PromptSuggestion,
  type Session,
  type SessionAskRequest,
  type SessionAsyncAskResponse,
  type SessionCreateRequest,
  type SessionFile,
  type SessionInfoResponse,
  type SessionMessage,
  type SessionMessageListResponse,
  type SessionSlice,
} from '@portal/contract';
import { api } from '../../../lib/api';
import type { SessionModuleConfig } from '../config/session-modules';

/*
 * Section 7's session calls (`/api/{module}/…`), checked with the contract's schemas. This chunk
 * is only loaded by the session tools' routes.
 */

type Module = Pick<SessionModuleConfig, 'apiPath'>;

export async function listSessions(m: Module): Promise<Session[]> {
  const data = await api.get(`${m.apiPath}/session/list`, { schema: sessionListResponseSchema });
  return data.session_list;
}

export function createSession(m: Module, body: SessionCreateRequest): Promise<Session> {
  return api.post(`${m.apiPath}/session/create`, body, { schema: sessionSchema });
}

export function renameSession(m: Module, sessionId: string, name: string): Promise<Session> {
  return api.post(
    `${m.apiPath}/session/update`,
    { session_id: sessionId, session_name: name },
    { schema: sessionSchema },
  );
}

/** Removes the session with its messages, files and chunks. */
export async function deleteSession(m: Module, sessionId: string): Promise<void> {
  await api.post(`${m.apiPath}/session/delete`, { session_id: sessionId });
}

export function getSessionInfo(m: Module, sessionId: string): Promise<SessionInfoResponse> {
  return api.get(`${m.apiPath}/session/info`, { params: { session_id: sessionId }, schema: sessionInfoResponseSchema });
}

export function listSessionMessages(
  m: Module,
  sessionId: string,
  page: number,
  pageSize: number,
): Promise<SessionMessageListResponse> {
  return api.get(`${m.apiPath}/message/list`, {
    params: { session_id: sessionId, page, page_size: pageSize },
    schema: sessionMessageListResponseSchema,
  });
}

/** The stored answer so far; polled every 2 s, so a failed poll is retried, not shown. */
export function getCompletion(m: Module, messageId: string, signal?: AbortSignal): Promise<SessionMessage> {
  return api.get(`${m.apiPath}/prompt/getCompletion`, {
    params: { message_id: messageId },
    schema: sessionMessageSchema,
    signal,
    silent: true,
  });
}

export function askAsync(m: Module, body: SessionAskRequest): Promise<SessionAsyncAskResponse> {
  return api.post(`${m.apiPath}/prompt/asyncAsk`, body, { schema: sessionAsyncAskResponseSchema });
}

/** 点赞 / 点踩 / 复制 of a session answer. */
export function sendFeedback(
  m: Module,
  sessionId: string,
  action: FeedbackAction,
  messageId: string,
): Promise<FeedbackState> {
  return api.post(
    `${m.apiPath}/message/feedback`,
    { session_id: sessionId, message_id: messageId, action },
    { schema: feedbackStateSchema },
  );
}

/** Removes a question and the turns after it, before the edited question is asked. */
export async function truncateFrom(m: Module, sessionId: string, messageId: string): Promise<number> {
  const data = await api.post(
    `${m.apiPath}/message/truncate`,
    { session_id: sessionId, message_id: messageId },
    { schema: sessionTruncateResponseSchema },
  );
  return data.removed;
}

export async function stopMessage(m: Module, messageId: string): Promise<void> {
  await api.post(`${m.apiPath}/message/stop`, { message_id: messageId }, { silent: true });
}

export async function promptCompletions(m: Module, sessionId?: string): Promise<PromptSuggestion[]> {
  const data = await api.get(`${m.apiPath}/session/promptCompletions`, {
    params: sessionId ? { session_id: sessionId } : {},
    schema: promptCompletionsResponseSchema,
    silent: true,
  });
  return data.list;
}

export async function listFiles(m: Module, sessionId: string): Promise<SessionFile[]> {
  const data = await api.get(`${m.apiPath}/file/list`, {
    params: { session_id: sessionId },
    schema: sessionFileListResponseSchema,
  });
  return data.list;
}

export async function deleteFile(m: Module, sessionId: string, fileId: string): Promise<void> {
  await api.post(`${m.apiPath}/file/delete`, { session_id: sessionId, file_id: fileId });
}

export function reloadFile(m: Module, sessionId: string, fileId: string): Promise<SessionFile> {
  return api.post(
    `${m.apiPath}/file/reload`,
    { session_id: sessionId, file_id: fileId },
    { schema: sessionFileSchema },
  );
}

/** Polled every 2 s while a file is parsing: failures are retried quietly. */
export function checkDocStatus(m: Module, sessionId: string, fileIds?: string[]): Promise<CheckDocStatusResponse> {
  return api.post(
    `${m.apiPath}/file/check_doc_status`,
    { session_id: sessionId, ...(fileIds ? { file_ids: fileIds } : {}) },
    { schema: checkDocStatusResponseSchema, silent: true },
  );
}

/** `GET {module}/file/slice`: a cited passage with its boxes on the page, for the viewer. */
export function getSlice(m: Module, sessionId: string, chunkId: string): Promise<SessionSlice> {
  return api.get(`${m.apiPath}/file/slice`, {
    params: { session_id: sessionId, chunk_id: chunkId },
    schema: sessionSliceSchema,
    silent: true,
  });
}

/** `POST {module}/file/upload?session_id=` (multipart, one part named `file`). */
export const uploadUrl = (m: Module, sessionId: string) =>
  `${m.apiPath}/file/upload?session_id=${encodeURIComponent(sessionId)}`;
export const sessionFileParser = sessionFileSchema;

/* Brainstorm card edits. */

export function updateIdea(body: IdeaUpdateRequest): Promise<IdeaCard> {
  return api.post('/api/brainstorm/idea/update', body, { schema: ideaCardSchema });
}

export function mergeIdeas(body: IdeaMergeRequest): Promise<IdeaCard> {
  return api.post('/api/brainstorm/idea/merge', body, { schema: ideaCardSchema });
}

export async function listIdeas(sessionId: string): Promise<IdeaCard[]> {
  const data = await api.get('/api/brainstorm/idea/list', {
    params: { session_id: sessionId },
    schema: ideaListResponseSchema,
  });
  return data.list;
}
