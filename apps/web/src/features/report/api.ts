import {
  reportCategoryResponseSchema,
  reportConversationDetailSchema,
  reportConversationListResponseSchema,
  reportConversationSchema,
  reportQuestionsResponseSchema,
  reportSummarySchema,
  sliceDetailSchema,
  type ReportCategoryResponse,
  type ReportMessageKind,
  type ReportConversation,
  type ReportConversationDetail,
  type ReportStreamError,
  type ReportStreamFinish,
  type ReportStreamMessage,
  type ReportSummary,
  type SliceDetail,
} from '@portal/contract';
import { api } from '../../lib/api';
import { fetchBlob } from '../../lib/fetch-blob';
import { streamSse, type SseError } from '../../lib/sse';
import { uploadFile } from '../../lib/upload';

/** The /api/report calls of the industry report screens, checked with the contract's schemas. */
const BASE = '/api/report';

export const fetchCategories = (keyword: string): Promise<ReportCategoryResponse> =>
  api.get(`${BASE}/home/reportCategory`, {
    params: keyword ? { keyword } : {},
    schema: reportCategoryResponseSchema,
  });

export const createConversation = (reportIds: string[]): Promise<ReportConversation> =>
  api.post(`${BASE}/conversation/create`, { report_ids: reportIds }, { schema: reportConversationSchema });

export const fetchConversations = (): Promise<ReportConversation[]> =>
  api.get(`${BASE}/conversation/list`, { schema: reportConversationListResponseSchema }).then((r) => r.list);

export const fetchDetail = (conversationId: string): Promise<ReportConversationDetail> =>
  api.get(`${BASE}/conversation/detail`, {
    params: { conversation_id: conversationId },
    schema: reportConversationDetailSchema,
  });

export const fetchQuestions = (reportIds: string[]): Promise<string[]> =>
  api
    .post(`${BASE}/pdf/questions`, { report_ids: reportIds }, { schema: reportQuestionsResponseSchema })
    .then((r) => r.list);

export const fetchSlice = (chunkId: string): Promise<SliceDetail> =>
  api.get(`${BASE}/pdf/sliceFileDetail`, { params: { chunk_id: chunkId }, schema: sliceDetailSchema, silent: true });

export interface ReportStreamHandlers {
  onMessage: (m: ReportStreamMessage) => void;
  onFinish: (f: ReportStreamFinish) => void;
  onError: (e: SseError | ReportStreamError) => void;
}

const STREAM_PATHS: Record<ReportMessageKind, string> = { answer: 'askNew', brief: 'brief', compare: 'compare' };

/** Streams an answer, an industry brief or a comparison; resolves when the stream ends. */
export function streamReport(
  kind: ReportMessageKind,
  body: { conversation_id: string; prompt?: string; report_ids?: [string, string] },
  handlers: ReportStreamHandlers,
  signal?: AbortSignal,
): Promise<void> {
  return streamSse<ReportStreamMessage, ReportStreamFinish>({
    url: api.url(`${BASE}/pdf/${STREAM_PATHS[kind]}`),
    headers: api.headers(),
    body,
    signal,
    onMessage: handlers.onMessage,
    onFinish: handlers.onFinish,
    onError: handlers.onError,
  });
}

/** The report PDF's bytes, fetched with the sign-in headers a plain URL cannot carry. */
export async function reportPdf(fileUrl: string): Promise<Blob> {
  const blob = await fetchBlob(fileUrl);
  return new Blob([blob], { type: 'application/pdf' });
}

export async function downloadExport(messageId: string, format: 'md' | 'docx', name: string): Promise<void> {
  const blob = await fetchBlob(`${BASE}/export`, {
    params: { message_id: messageId, format },
    failure: '导出失败，请稍后重试',
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.${format}`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const editConversation = (change: {
  conversation_id: string;
  title?: string;
  report_ids?: string[];
}): Promise<ReportConversation> => api.post(`${BASE}/conversation/edit`, change, { schema: reportConversationSchema });

export const deleteReport = (reportId: string): Promise<unknown> =>
  api.post(`${BASE}/file/delete`, { report_id: reportId });

export const createCategory = (name: string): Promise<unknown> => api.post(`${BASE}/admin/category/create`, { name });

/** Uploads a PDF for the user alone (我的报告), or into a shared category (administrators). */
export function uploadReport(file: File, categoryId: number | null): Promise<ReportSummary> {
  return uploadFile(file, {
    url: `${BASE}/file/upload`,
    params: categoryId === null ? undefined : { category_id: categoryId },
    schema: reportSummarySchema,
  });
}
