import type { ServerResponse } from 'node:http';
import {
  emptyMarketingSections,
  headlineOf,
  type MarketingStreamError,
  type MarketingStreamFinish,
  type MarketingStreamMessage,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { MarketingAttachmentRef, MarketingConversationRow, MarketingMessageRow } from '../../db/schema';
import { persistOf, streamAnswer, type Answers } from '../../services/answers';
import type { FileService } from '../../services/files';
import { type ChatTurn, type LlmGateway } from '../../services/llm';
import type { MarketingConfig } from './config';
import type { MarketingConversationStore } from './conversation-store';
import { resourceGone } from '../../lib/resource-gone';
import { invalid } from './errors';
import type { MarketingMessageStore } from './message-store';
import type { AttachmentReader } from './attachment-reader';
import { callAnalysisModel } from './model-call';
import { buildAnalysisPrompt, describeCase, type CaseInput } from './prompts';
import type { UsageService } from '../../services/usage';

/** A conversation's (and a saved case's) title: whole clauses up to this many characters. */
const TITLE_CHARS = 24;
/** Files a description may carry: images and documents uploaded under /api/marketing. */
const ATTACHMENT_MIME =
  /^(image\/|application\/pdf$|application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document$|text\/plain$|text\/markdown$)/;

type MarketingStreamEvents = {
  message: MarketingStreamMessage;
  finish: MarketingStreamFinish;
  error: MarketingStreamError;
};

/** A description accepted and stored, ready to be analysed. */
export interface PreparedReceive {
  conversation: MarketingConversationRow;
  question: MarketingMessageRow;
  answer: MarketingMessageRow;
  input: CaseInput;
  history: ChatTurn[];
  title?: string;
}

function titleOf(input: CaseInput): string {
  const flat = input.text.replace(/\s+/g, ' ').trim() || input.attachments[0]?.name || '';
  return headlineOf(flat, TITLE_CHARS) || '新的案例分析';
}

/** Earlier descriptions go back to the model as they were asked; analyses as written. */
function historyTurns(rows: readonly MarketingMessageRow[]): ChatTurn[] {
  return rows
    .filter((r) => r.role === 'user' || r.content.length > 0)
    .map((r) =>
      r.role === 'user'
        ? { role: 'user' as const, content: describeCase({ text: r.content, attachments: r.attachments }) }
        : { role: 'assistant' as const, content: r.content },
    );
}

/** POST /api/marketing/message/receive: checks, stores the description, then streams and saves the analysis. */
export class ReceiveService {
  constructor(
    private readonly db: Db,
    private readonly llm: LlmGateway,
    private readonly files: FileService,
    private readonly reader: AttachmentReader,
    private readonly conversations: MarketingConversationStore,
    private readonly messages: MarketingMessageStore,
    private readonly usage: UsageService,
    private readonly answers: Answers,
    private readonly config: MarketingConfig,
  ) {}

  /** Everything that may fail as a plain JSON error happens here, before any stream starts. */
  async prepare(
    userId: number,
    body: { conv_id?: string; text: string; file_ids: string[] },
  ): Promise<PreparedReceive> {
    const existing = body.conv_id ? await this.conversations.find(userId, body.conv_id) : undefined;
    if (body.conv_id && !existing) throw resourceGone();
    const listed: MarketingAttachmentRef[] = [];
    for (const fileId of new Set(body.file_ids)) {
      // Another user's file answers like a missing one (the file service looks up by owner).
      const row = await this.files.find(userId, fileId, 'marketing');
      if (!ATTACHMENT_MIME.test(row.mime))
        throw invalid('file_ids', `${row.displayName} 不是图片、PDF、Word 或文本文件`);
      listed.push({ fileId: row.id, name: row.displayName, mime: row.mime });
    }
    // What the model reads of each document is stored with the question, for follow-ups too.
    const attachments = await this.reader.read(userId, listed, {
      waitMs: this.config.attachment_wait_ms,
      maxChars: this.config.attachment_chars,
    });
    const input: CaseInput = { text: body.text, attachments };
    const history = existing ? historyTurns(await this.messages.historyRows(existing.id, Number.MAX_SAFE_INTEGER)) : [];

    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await this.usage.reserve(db, userId, 'marketing');
      const title = existing ? undefined : titleOf(input);
      const conversation = existing ?? (await this.conversations.create(db, userId, title!));
      const [question, answer] = await this.messages.insertTurn(db, {
        convId: conversation.id,
        userId,
        text: body.text,
        attachments,
      });
      await this.usage.record(db, { userId, module: 'marketing', convId: conversation.id, messageId: question.id });
      if (existing) await this.conversations.touch(db, conversation.id);
      return { conversation, question, answer, input, history, ...(title ? { title } : {}) };
    });
  }

  private get persist() {
    return persistOf(this.config);
  }

  /** Streams the analysis on the raw response; it is saved (and parsed when done) whatever happens. */
  async stream(ask: PreparedReceive, res: ServerResponse, requestId: string, log: FastifyBaseLogger): Promise<void> {
    const ids = { conv_id: ask.conversation.id, message_id: ask.answer.id };
    const prompt = buildAnalysisPrompt(ask.history, ask.input);
    return streamAnswer<MarketingStreamEvents>({
      res,
      requestId,
      log,
      ids,
      what: 'marketing analysis failed',
      run: ({ stream }) =>
        this.answers.runner.run({
          store: this.messages,
          messageId: ask.answer.id,
          persist: this.persist,
          log,
          generate: (signal) => callAnalysisModel(this.llm, this.config, prompt, ask.input, signal),
          onChunk: (chunk) => {
            if (chunk.type === 'content') stream.send('message', { ...ids, text: chunk.text });
          },
        }),
      finish: async () => {
        const stored = await this.messages.row(ask.answer.id);
        return {
          ...ids,
          user_message_id: ask.question.id,
          ...(ask.title ? { title: ask.title } : {}),
          status: 'done',
          sections: stored?.sections ?? emptyMarketingSections(),
        };
      },
    });
  }
}
