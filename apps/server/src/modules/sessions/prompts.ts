import {
  brainstormMethodLabels,
  EMOTIONS,
  type BrainstormMethod,
  type DocCitation,
  type IdeaCard,
  type SessionModule,
} from '@portal/contract';
import type { Voice } from './voices';

/*
 * The module's prompts: what each task asks the model for. Structured tasks ask for JSON only,
 * which the server validates (structured.ts); anything else is shown as plain text.
 */

const PASSAGE_MAX_CHARS = 800;

export function where(c: Pick<DocCitation, 'page' | 'row'>): string {
  if (c.page !== null) return `第${c.page}页`;
  if (c.row !== null) return `第${c.row}行`;
  return '';
}

function passages(citations: readonly DocCitation[]): string {
  return citations
    .map((c) => `[${c.index}]《${c.file_name}》${where(c)}：${c.quote.slice(0, PASSAGE_MAX_CHARS)}`)
    .join('\n\n');
}

const ROLE: Record<SessionModule, string> = {
  pdf: '你是严谨的文档分析助手，帮助员工阅读和理解他们上传的文档。',
  insight: '你是用户研究专家，擅长从用户的评论、访谈和反馈中提炼情绪、需求和痛点。',
  brainstorm: '你是经验丰富的创意引导师，帮助团队围绕主题发散并收敛创意。',
};

/**
 * What a question can be answered from: no documents, documents still being parsed (none ready
 * yet), or documents that were searched.
 */
export type DocumentsState = 'none' | 'pending' | 'searched';

/** Said when the session's documents are not ready yet, instead of claiming they lack the answer. */
export const DOCUMENTS_PENDING = '文档仍在解析中，解析完成后即可基于文档回答。';

/** System prompt of a question; with passages the answer must cite them as [n] and only them. */
export function askSystem(module: SessionModule, citations: readonly DocCitation[], documents: DocumentsState): string {
  const lines = [ROLE[module], '用简体中文回答，使用 Markdown。'];
  if (citations.length > 0) {
    lines.push(
      '只能根据下面编号的资料回答，不要使用资料以外的知识，不要编造。',
      '每个论断后用方括号标注资料编号，例如 [1] 或 [2][3]。',
      '如果资料中没有问题的答案，直接说明“文档中没有找到相关内容”。',
      '',
      '资料：',
      passages(citations),
    );
  } else if (documents === 'pending') {
    lines.push(`用户的文档还没有解析完成，暂时无法引用：请告诉用户“${DOCUMENTS_PENDING}”，不要编造文档内容。`);
  } else if (documents === 'searched') {
    lines.push('在用户的文档中没有检索到与问题相关的段落：请说明文档中没有找到相关内容，不要编造。');
  }
  return lines.join('\n');
}

const METHOD_GUIDE: Record<BrainstormMethod, string> = {
  free_association: '自由联想：从主题的关键词出发，跨领域联想，不评判，追求数量和新奇。',
  scamper:
    '奔驰法（SCAMPER）：依次从替代（S）、合并（C）、调整（A）、修改/放大（M）、另作他用（P）、去除（E）、反转/重组（R）七个角度各提出创意。',
  six_hats:
    '六顶思考帽：分别戴上白帽（事实数据）、红帽（情感直觉）、黑帽（风险谨慎）、黄帽（价值乐观）、绿帽（创新可能）、蓝帽（流程控制）提出创意。',
  reverse: '逆向思维：先把目标反过来（如何让事情变得更糟），再把每个“变糟”的做法反转成创意。',
};

const IDEA_JSON = `只输出 JSON，不要输出任何其他文字，格式：
{"ideas":[{"title":"不超过20字的标题","pitch":"一句话介绍","why":"为什么可能有效","risks":["风险1","风险2"]}]}
给出 4 到 8 个创意。`;

export function roundSystem(method: BrainstormMethod): string {
  return [ROLE.brainstorm, `本轮方法：${brainstormMethodLabels[method]}。${METHOD_GUIDE[method]}`, IDEA_JSON].join(
    '\n',
  );
}

export function roundUser(input: {
  topic: string;
  prompt: string;
  expand?: IdeaCard;
  previousTitles: readonly string[];
  citations: readonly DocCitation[];
}): string {
  const lines = [`主题：${input.topic}`];
  if (input.prompt && input.prompt !== input.topic) lines.push(`补充要求：${input.prompt}`);
  if (input.expand) {
    lines.push(`请围绕这个已有创意继续深化和扩展：${input.expand.title}——${input.expand.pitch}`);
  }
  if (input.previousTitles.length > 0) lines.push(`已有创意（不要重复）：${input.previousTitles.join('；')}`);
  if (input.citations.length > 0) lines.push('参考资料：', passages(input.citations));
  return lines.join('\n');
}

export function summarySystem(): string {
  return [
    ROLE.brainstorm,
    '把下面的创意按主题聚类，每个创意只属于一个类。只输出 JSON，不要输出任何其他文字，格式：',
    '{"clusters":[{"name":"类名","summary":"一句话概括","card_ids":["创意编号"]}]}',
  ].join('\n');
}

export function summaryUser(topic: string, cards: readonly IdeaCard[]): string {
  return [`主题：${topic}`, '创意：', ...cards.map((c) => `- ${c.card_id}：${c.title}——${c.pitch}`)].join('\n');
}

export function reportSystem(): string {
  return [
    ROLE.insight,
    '下面是编号的用户原声。请分析并只输出 JSON（不要输出任何其他文字），每个结论都必须用 voices 列出支持它的原声编号：',
    `{"summary":"一段总体概述","emotions":[{"emotion":"${EMOTIONS.join('|')}","voices":[1,2]}],`,
    '"needs":[{"title":"需求","detail":"说明","voices":[3]}],"pain_points":[{"title":"痛点","detail":"说明","voices":[4]}],',
    '"delights":[{"title":"惊喜时刻","detail":"说明","voices":[5]}],',
    '"personas":[{"name":"画像名称","description":"描述","goals":["目标"],"frustrations":["困扰"],"voices":[6]}]}',
    '每条原声在 emotions 中归入且只归入一种情绪；没有明显情绪的原声归入 neutral。',
  ].join('\n');
}

export function reportUser(prompt: string, voices: readonly Voice[]): string {
  return [prompt ? `分析重点：${prompt}` : '', '用户原声：', ...voices.map((v) => `[${v.id}] ${v.quote}`)]
    .filter(Boolean)
    .join('\n');
}

export function recommendSystem(): string {
  return [
    ROLE.pdf,
    '根据下面的文档片段，提出 5 个读者最可能想问、且能从文档中找到答案的问题。',
    '每行一个问题，不要编号，不要输出其他文字。',
  ].join('\n');
}

/** Asked once when a reply held no usable question (each must be a line of at least 4 characters). */
export function recommendRepair(): string {
  return '上一条回复中没有可用的问题。请直接输出 5 个问题，每行一个完整的问题（至少 4 个字），不要编号，不要输出其他文字。';
}

export function recommendUser(fileNames: readonly string[], citations: readonly DocCitation[]): string {
  return [`文档：${fileNames.map((n) => `《${n}》`).join('、')}`, passages(citations)].join('\n\n');
}
