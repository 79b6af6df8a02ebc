import { brainstormMethodLabels, type PromptSuggestion, type SessionModule } from '@portal/contract';
import type { ToolSessionRow } from '../../db/schema';
import { topTerms, type DocumentService } from '../../services/documents';

const GENERAL: Record<SessionModule, PromptSuggestion[]> = {
  pdf: [
    { label: '总结文档', prompt: '请总结这份文档的主要内容', action: 'ask' },
    { label: '关键数据', prompt: '文档中有哪些关键数据和结论？', action: 'ask' },
    { label: '风险与问题', prompt: '文档中提到了哪些风险或问题？', action: 'ask' },
  ],
  insight: [
    { label: '生成洞察报告', prompt: '生成用户洞察报告', action: 'report' },
    { label: '最大的痛点', prompt: '用户最主要的痛点是什么？', action: 'ask' },
    { label: '惊喜时刻', prompt: '哪些地方让用户感到惊喜？', action: 'ask' },
  ],
  brainstorm: (['free_association', 'scamper', 'six_hats', 'reverse'] as const).map((method) => ({
    label: brainstormMethodLabels[method],
    prompt: `用${brainstormMethodLabels[method]}来一轮头脑风暴`,
    action: 'round' as const,
  })),
};

/**
 * Suggested prompts: the module's general ones, plus questions about the telling terms of the
 * session's ready files, so the chips fit what was uploaded.
 */
export async function suggestPrompts(
  documents: DocumentService,
  module: SessionModule,
  userId: number,
  session: ToolSessionRow | undefined,
): Promise<PromptSuggestion[]> {
  const list = [...GENERAL[module]];
  if (!session) return list;
  const chunks = await documents.chunks(session.id, userId, undefined, 2_000);
  if (chunks.length > 0) {
    const terms = topTerms(
      chunks.map((c) => ({ text: c.chunk.text })),
      3,
    );
    for (const term of terms) list.push({ label: term, prompt: `文档中关于“${term}”是怎么说的？`, action: 'ask' });
  }
  if (module === 'brainstorm' && session.topic) {
    list.push({ label: '总结本次头脑风暴', prompt: '总结本次头脑风暴', action: 'summary' });
  }
  return list;
}
