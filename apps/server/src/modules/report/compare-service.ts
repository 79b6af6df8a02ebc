import type { ServerResponse } from 'node:http';
import { ErrorCode, type ReportComparison } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors/app-error';
import { resourceGone } from '../../lib/resource-gone';
import type { FileScopedRetrieval } from '../../services/documents';
import type { LlmGateway } from '../../services/llm';
import type { UsageService } from '../../services/usage';
import { REPORT_TASK } from './ask-service';
import { compareSlices, extractComparison, renderComparison, type CompareSide } from './compare';
import { parseComparison } from './compare-parse';
import { compareQuestion, compareRequest, compareSystem, demoComparison } from './compare-prompts';
import type { ReportConversationStore } from './conversation-store';
import type { ReportLibrary } from './library';
import type { StructuredJob, StructuredWriter } from './structured-writer';

/**
 * Two reports of a conversation side by side, section by section, written by the model from each
 * report's own passages with what differs between them; stored in the conversation like a brief.
 */
export class ReportCompareService {
  constructor(
    private readonly llm: LlmGateway,
    private readonly library: ReportLibrary,
    private readonly store: ReportConversationStore,
    private readonly retrieval: FileScopedRetrieval,
    private readonly usage: UsageService,
    private readonly writer: StructuredWriter,
  ) {}

  async prepare(
    userId: number,
    conversationId: string,
    reportIds: readonly [string, string],
  ): Promise<StructuredJob<ReportComparison>> {
    if (reportIds[0] === reportIds[1]) throw new AppError(ErrorCode.validation, '请选择两份不同的报告进行对比');
    const conversation = await this.store.get(userId, conversationId);
    if (!reportIds.every((id) => conversation.reportIds.includes(id))) throw resourceGone();
    const chosen = await this.library.requireVisible(userId, reportIds);
    if (chosen.some((c) => c.doc?.status !== 'ready')) {
      throw new AppError(ErrorCode.validation, '报告尚未解析完成，暂不能对比');
    }
    const sides = chosen.map((c) => ({ reportId: c.report.id, fileId: c.report.fileId, title: c.report.title })) as [
      CompareSide,
      CompareSide,
    ];
    const slices = await compareSlices(this.retrieval, sides);
    const { citations } = slices;
    const [question, answer] = await this.store.insertTurn({
      conversationId: conversation.id,
      userId,
      question: compareQuestion(sides),
      kind: 'compare',
      citations,
      demo: this.llm.isTaskDemo(REPORT_TASK),
      usage: this.usage,
    });
    const extract = extractComparison(slices);
    const origin = answer.demo ? 'demo' : 'model';
    return {
      conversation,
      question,
      answer,
      citations,
      system: compareSystem(sides, citations),
      request: compareRequest,
      demo: () => demoComparison(extract),
      check: (content) => {
        const parsed = parseComparison(content, slices.sideOf);
        return parsed.ok ? { ok: true, value: { ...extract, origin, rows: parsed.value } } : parsed;
      },
      fallback: () => ({ content: renderComparison(extract, citations), value: extract }),
      save: (content, comparison) => this.store.complete(answer.id, { content, comparison }),
    };
  }

  stream(job: StructuredJob<ReportComparison>, res: ServerResponse, requestId: string, log: FastifyBaseLogger) {
    return this.writer.stream(job, res, requestId, log);
  }
}
