import type {
  CheckDocStatusResponse,
  FeedbackAction,
  FeedbackState,
  IdeaCard,
  IdeaMergeRequest,
  IdeaUpdateRequest,
  PromptSuggestion,
  Session,
  SessionAskRequest,
  SessionAsyncAskResponse,
  SessionCreateRequest,
  SessionFile,
  SessionInfoResponse,
  SessionMessage,
  SessionMessageListResponse,
  SessionModule,
  SessionSlice,
} from '@portal/contract';
import { sessionEndpoints } from '@portal/contract/endpoints/sessions';
import { callEndpoint, sendEndpoint } from '../../../lib/call-endpoint';
import type { SessionModuleConfig } from '../config/session-modules';

/*
 * Section 7's session calls (`/api/{module}/…`), made through the contract's descriptors and
 * checked with their schemas. This chunk is only loaded by the session tools' routes.
 */

type Module = Pick<SessionModuleConfig, 'name'>;

const descriptors = new Map<SessionModule, ReturnType<typeof sessionEndpoints>>();

/** A tool's descriptors, built once (polls call them every 2 s). */
export function endpointsOf(m: Module): ReturnType<typeof sessionEndpoints> {
  let found = descriptors.get(m.name);
  if (!found) descriptors.set(m.name, (found = sessionEndpoints(m.name)));
  return found;
}

const ideas = sessionEndpoints('brainstorm');

export async function listSessions(m: Module): Promise<Session[]> {
  const data = await callEndpoint(endpointsOf(m).sessionList);
  return data.session_list;
}

export function createSession(m: Module, body: SessionCreateRequest): Promise<Session> {
  return callEndpoint(endpointsOf(m).sessionCreate, { body });
}

export function renameSession(m: Module, sessionId: string, name: string): Promise<Session> {
  return callEndpoint(endpointsOf(m).sessionUpdate, { body: { session_id: sessionId, session_name: name } });
}

/** Removes the session with its messages, files and chunks. */
export async function deleteSession(m: Module, sessionId: string): Promise<void> {
  await sendEndpoint(endpointsOf(m).sessionDelete, { body: { session_id: sessionId } });
}

export function getSessionInfo(m: Module, sessionId: string): Promise<SessionInfoResponse> {
  return callEndpoint(endpointsOf(m).sessionInfo, { query: { session_id: sessionId } });
}

export function listSessionMessages(
  m: Module,
  sessionId: string,
  page: number,
  pageSize: number,
): Promise<SessionMessageListResponse> {
  return callEndpoint(endpointsOf(m).messageList, {
    query: { session_id: sessionId, page, page_size: pageSize },
  });
}

/** The stored answer so far; polled every 2 s, so a failed poll is retried, not shown. */
export function getCompletion(m: Module, messageId: string, signal?: AbortSignal): Promise<SessionMessage> {
  return callEndpoint(endpointsOf(m).promptCompletion, { query: { message_id: messageId }, signal, silent: true });
}

export function askAsync(m: Module, body: SessionAskRequest): Promise<SessionAsyncAskResponse> {
  return callEndpoint(endpointsOf(m).promptAsyncAsk, { body });
}

/** 点赞 / 点踩 / 复制 of a session answer. */
export function sendFeedback(
  m: Module,
  sessionId: string,
  action: FeedbackAction,
  messageId: string,
): Promise<FeedbackState> {
  return callEndpoint(endpointsOf(m).messageFeedback, {
    body: { session_id: sessionId, message_id: messageId, action },
  });
}

/** Removes a question and the turns after it, before the edited question is asked. */
export async function truncateFrom(m: Module, sessionId: string, messageId: string): Promise<number> {
  const data = await callEndpoint(endpointsOf(m).messageTruncate, {
    body: { session_id: sessionId, message_id: messageId },
  });
  return data.removed;
}

export async function stopMessage(m: Module, messageId: string): Promise<void> {
  await sendEndpoint(endpointsOf(m).messageStop, { body: { message_id: messageId }, silent: true });
}

export async function promptCompletions(m: Module, sessionId?: string): Promise<PromptSuggestion[]> {
  const data = await callEndpoint(endpointsOf(m).promptCompletions, {
    query: sessionId ? { session_id: sessionId } : {},
    silent: true,
  });
  return data.list;
}

export async function listFiles(m: Module, sessionId: string): Promise<SessionFile[]> {
  const data = await callEndpoint(endpointsOf(m).fileList, { query: { session_id: sessionId } });
  return data.list;
}

export async function deleteFile(m: Module, sessionId: string, fileId: string): Promise<void> {
  await sendEndpoint(endpointsOf(m).fileDelete, { body: { session_id: sessionId, file_id: fileId } });
}

export function reloadFile(m: Module, sessionId: string, fileId: string): Promise<SessionFile> {
  return callEndpoint(endpointsOf(m).fileReload, { body: { session_id: sessionId, file_id: fileId } });
}

/** Polled every 2 s while a file is parsing: failures are retried quietly. */
export function checkDocStatus(m: Module, sessionId: string, fileIds?: string[]): Promise<CheckDocStatusResponse> {
  return callEndpoint(endpointsOf(m).fileCheckStatus, {
    body: { session_id: sessionId, ...(fileIds ? { file_ids: fileIds } : {}) },
    silent: true,
  });
}

/** `GET {module}/file/slice`: a cited passage with its boxes on the page, for the viewer. */
export function getSlice(m: Module, sessionId: string, chunkId: string): Promise<SessionSlice> {
  return callEndpoint(endpointsOf(m).fileSlice, {
    query: { session_id: sessionId, chunk_id: chunkId },
    silent: true,
  });
}

/** `POST {module}/file/upload?session_id=` (multipart, one part named `file`). */
export const uploadUrl = (m: Module, sessionId: string) =>
  `${endpointsOf(m).fileUpload.path}?session_id=${encodeURIComponent(sessionId)}`;
/** The upload's answer: the stored file. */
export const sessionFileParser = endpointsOf({ name: 'pdf' }).fileUpload.data;

/* Brainstorm card edits. */

export function updateIdea(body: IdeaUpdateRequest): Promise<IdeaCard> {
  return callEndpoint(ideas.ideaUpdate, { body });
}

export function mergeIdeas(body: IdeaMergeRequest): Promise<IdeaCard> {
  return callEndpoint(ideas.ideaMerge, { body });
}

export async function listIdeas(sessionId: string): Promise<IdeaCard[]> {
  const data = await callEndpoint(ideas.ideaList, { query: { session_id: sessionId } });
  return data.list;
}
