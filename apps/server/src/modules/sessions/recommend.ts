import {
  ErrorCode,
  ErrorMessage,
  type DocCitation,
  type RecommendQuestionEvent,
  type RecommendQuestionFinish,
  type SessionStreamError,
} from '@portal/contract';
import { sessionEndpoints } from '@portal/contract/endpoints/sessions';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors/app-error';
import { clientLeftSignal, EventStream } from '../../lib/event-stream';
import { resourceGone } from '../../lib/resource-gone';
import { serveStream, type StreamTarget } from '../../lib/serve-stream';
import { requireUser } from '../../plugins/auth';
import { LlmError, type ChatTurn, type LlmGateway } from '../../services/llm';
import { demoRecommend } from './demo';
import { recommendRepair, recommendSystem, recommendUser } from './prompts';

const QUESTIONS = 5;
const PASSAGES = 8;

type Events = { message: RecommendQuestionEvent; finish: RecommendQuestionFinish; error: SessionStreamError };

/** A line of the model's reply as a question: numbering and bullets removed. */
function asQuestion(line: string): string {
  return line
    .replace(/^\s*(?:[-*•]|\d+[.、)）]|[（(]\d+[)）])\s*/, '')
    .trim()
    .slice(0, 200);
}

/** What the questions are asked about: the session's documents and the passages shown to the model. */
interface RecommendInput {
  sessionId: string;
  fileNames: string[];
  citations: DocCitation[];
  /** Every ready passage, for the demo model. */
  passages: { text: string }[];
}

/** Streams the questions, each sent as soon as its line is complete. */
async function streamQuestions(llm: LlmGateway, input: RecommendInput, target: StreamTarget): Promise<void> {
  const { fileNames } = input;
  const left = clientLeftSignal(target.res);
  const stream = new EventStream<Events>(target.res, target.requestId);
  const list: string[] = [];
  const take = (line: string) => {
    const question = asQuestion(line);
    if (question.length < 4 || list.length >= QUESTIONS || list.includes(question)) return;
    stream.send('message', { index: list.length, question });
    list.push(question);
  };
  /** One model call; its questions are sent as their lines complete. Answers the whole reply. */
  const ask = async (messages: ChatTurn[]): Promise<string> => {
    let reply = '';
    let pending = '';
    for await (const chunk of llm.streamTask({
      task: 'pdf',
      system: recommendSystem(),
      messages,
      demo: () => demoRecommend(fileNames, input.passages),
      signal: left,
    })) {
      if (chunk.type !== 'content') continue;
      reply += chunk.text;
      pending += chunk.text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(take);
    }
    take(pending);
    return reply;
  };
  try {
    const first: ChatTurn[] = [{ role: 'user', content: recommendUser(fileNames, input.citations) }];
    const reply = await ask(first);
    // A reply without a single usable question is asked for once more, in the expected format.
    if (list.length === 0) {
      await ask([...first, { role: 'assistant', content: reply }, { role: 'user', content: recommendRepair() }]);
    }
    stream.send('finish', { list, demo: llm.isTaskDemo('pdf') });
  } catch (error) {
    if (!left.aborted) {
      if (!(error instanceof LlmError)) target.log.error({ err: error }, 'recommending questions failed');
      stream.fail({
        session_id: input.sessionId,
        message: error instanceof LlmError ? error.message : ErrorMessage.upstream,
        code: error instanceof LlmError ? error.code : ErrorCode.upstream,
      });
    }
  } finally {
    stream.end();
  }
}

/**
 * `POST /api/pdf/message/get_stream_recommend_question`: questions the session's ready documents
 * can answer, each sent as soon as its line is complete.
 */
export const recommendRoutes: FastifyPluginAsync = async (app) => {
  const { sessions: tools } = app;
  const { documents, llm } = app.services;

  serveStream(app, sessionEndpoints('pdf').recommendQuestion, async ({ body, request }) => {
    const user = requireUser(request);
    const session = await tools.sessions.get(user.id, 'pdf', body.session_id);
    if (body.file_id && !(await documents.find(session.id, user.id, body.file_id))) throw resourceGone();
    const fileIds = body.file_id ? [body.file_id] : undefined;
    const chunks = await documents.chunks(session.id, user.id, fileIds);
    if (chunks.length === 0) throw new AppError(ErrorCode.validation, '文档尚未解析完成，请稍后再试');
    const step = Math.max(1, Math.ceil(chunks.length / PASSAGES));
    const picked = chunks.filter((_, i) => i % step === 0).slice(0, PASSAGES);
    const citations: DocCitation[] = picked.map((c, i) => ({
      index: i + 1,
      file_id: c.chunk.fileId,
      file_name: c.fileName,
      page: c.chunk.page,
      row: c.chunk.row,
      quote: c.chunk.text,
      chunk_id: String(c.chunk.id),
    }));
    const input: RecommendInput = {
      sessionId: session.id,
      fileNames: [...new Set(chunks.map((c) => c.fileName))],
      citations,
      passages: chunks.map((c) => ({ text: c.chunk.text })),
    };
    return (target) => streamQuestions(llm, input, target);
  });
};
