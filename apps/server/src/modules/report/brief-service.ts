import type { ServerResponse } from 'node:http';
import { ErrorCode, type IndustryBrief } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors/app-error';
import type { FileScopedRetrieval } from '../../services/documents';
import type { LlmGateway } from '../../services/llm';
import type { UsageService } from '../../services/usage';
import { REPORT_TASK, type ReportAskService } from './ask-service';
import { briefSlices, extractBrief, renderBrief } from './brief';
import { parseBrief } from './brief-parse';
import { BRIEF_QUESTION, briefRequest, briefSystem, demoBrief } from './brief-prompts';
import type { ReportConversationStore } from './conversation-store';
import type { StructuredJob, StructuredWriter } from './structured-writer';

/**
 * The one-click industry brief, written by the model from the passages retrieved for each section.
 * The reply must keep the five sections with every point citing a passage; the structure is
 * stored with the text so a reload and the export show it.
 */
export class ReportBriefService {
  constructor(
    private readonly llm: LlmGateway,
    private readonly store: ReportConversationStore,
    private readonly retrieval: FileScopedRetrieval,
    private readonly asks: ReportAskService,
    private readonly usage: UsageService,
    private readonly writer: StructuredWriter,
  ) {}

  /** Checks, retrieves and stores the request (counted against the quota) before any model call. */
  async prepare(userId: number, conversationId: string): Promise<StructuredJob<IndustryBrief>> {
    const conversation = await this.store.get(userId, conversationId);
    const { fileIds, titles } = await this.asks.readable(userId, conversation);
    if (fileIds.length === 0) throw new AppError(ErrorCode.validation, '没有可用的报告（已删除或尚未解析完成）');
    const slices = await briefSlices(this.retrieval, fileIds, titles);
    const { citations } = slices;
    const [question, answer] = await this.store.insertTurn({
      conversationId: conversation.id,
      userId,
      question: BRIEF_QUESTION,
      kind: 'brief',
      citations,
      demo: this.llm.isTaskDemo(REPORT_TASK),
      usage: this.usage,
    });
    const extract = extractBrief(slices);
    const origin = answer.demo ? 'demo' : 'model';
    return {
      conversation,
      question,
      answer,
      citations,
      system: briefSystem(citations),
      request: briefRequest,
      demo: () => demoBrief(extract),
      check: (content) => {
        const parsed = parseBrief(content, citations.length);
        return parsed.ok ? { ok: true, value: { origin, sections: parsed.value } } : parsed;
      },
      fallback: () => {
        const value: IndustryBrief = { ...extract, origin: 'extract' };
        return { content: renderBrief(value, citations), value };
      },
      save: (content, brief) => this.store.complete(answer.id, { content, brief }),
    };
  }

  stream(job: StructuredJob<IndustryBrief>, res: ServerResponse, requestId: string, log: FastifyBaseLogger) {
    return this.writer.stream(job, res, requestId, log);
  }
}
