import {
  brainstormMethodLabels,
  type BrainstormMethod,
  type DocCitation,
  type Emotion,
  type IdeaCard,
  type IdeaDraft,
} from '@portal/contract';
import { tokenize, topTerms } from '../../services/documents';
import { DOCUMENTS_PENDING, where, type DocumentsState } from './prompts';
import type { ReportDraft } from './structured';
import type { Voice } from './voices';

/*
 * What the built-in demo model answers when no model is configured: built by rules from the
 * input, deterministically, in the very shape a real model is asked for (so the same validation
 * runs). Every text says it comes from the demo model.
 */

const DEMO_HEAD = '> **演示模型**：管理员尚未接入模型服务，以下回答由内置的演示模型从检索到的原文中摘录，仅用于体验。';

function short(text: string, max = 16): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('');
}

/** An extractive answer: the retrieved passages, each cited as [n]. */
export function demoAsk(question: string, citations: readonly DocCitation[], documents: DocumentsState): string {
  const lines = [DEMO_HEAD, ''];
  if (citations.length > 0) {
    lines.push(`针对“${short(question, 40)}”，文档中最相关的内容如下：`, '');
    for (const c of citations.slice(0, 4)) {
      lines.push(`- 《${c.file_name}》${where(c)}：${short(c.quote, 160)} [${c.index}]`);
    }
    lines.push('', '接入模型服务后，这里将是基于以上段落组织的完整回答。');
  } else if (documents === 'pending') {
    lines.push(DOCUMENTS_PENDING);
  } else if (documents === 'searched') {
    lines.push('文档中没有找到与问题相关的内容。可以换个说法，或确认文档已解析完成。');
  } else {
    lines.push(`已收到你的问题：“${short(question, 60)}”。`, '', '接入模型服务后，这里将显示真实的回答。');
  }
  return lines.join('\n');
}

const SCAMPER: [string, string][] = [
  ['替代', '用新的材料、渠道或角色替代现有的关键环节'],
  ['合并', '把它与另一项产品或服务合并，形成组合价值'],
  ['调整', '借鉴其他行业的成熟做法，调整后用在这里'],
  ['放大', '放大最受欢迎的特性，或改变规模与频次'],
  ['另作他用', '把现有能力用到新的人群或场景'],
  ['去除', '去掉用户不在意的部分，做一个极简版本'],
  ['反转', '反转流程顺序或角色，让用户来主导'],
];
const HATS: [string, string][] = [
  ['白帽·数据', '先收集真实数据，用数据找到最值得改进的环节'],
  ['红帽·情感', '从用户最直观的情绪出发，设计让人心动的体验'],
  ['黑帽·风险', '列出最可能失败的原因，提前设计应对方案'],
  ['黄帽·价值', '放大最大的收益点，形成清晰的价值主张'],
  ['绿帽·创新', '打破现有假设，尝试一个全新的做法'],
  ['蓝帽·流程', '把想法拆成可执行的小步骤，设定检查点'],
];
const REVERSE: [string, string][] = [
  ['反向：让它更难用', '先想如何让体验变糟，再把每一条反过来做'],
  ['反向：赶走用户', '找出会让用户离开的做法，逐一消除'],
  ['反向：成本翻倍', '想清楚什么让成本上升，反向找到省钱的办法'],
  ['反向：没人知道', '设想完全没人知道它，反推最有效的传播方式'],
];
const ASSOCIATIONS: [string, string][] = [
  ['游戏化', '把它变成有关卡和奖励的体验'],
  ['社区', '让用户彼此连接、互相帮助'],
  ['订阅制', '改成按月订阅的持续服务'],
  ['个性化', '根据每个人的习惯自动调整'],
  ['线下体验', '设计一个可以亲手体验的线下场景'],
];

/** A round of idea cards as JSON, the shape a real model is asked for. */
export function demoRound(topic: string, method: BrainstormMethod, round: number, expand?: IdeaCard): string {
  const subject = short(expand ? expand.title : topic || '这个主题', 14);
  const keywords = [...new Set(tokenize(topic).filter((t) => t.length >= 2))].slice(0, 3);
  const table =
    method === 'scamper' ? SCAMPER : method === 'six_hats' ? HATS : method === 'reverse' ? REVERSE : ASSOCIATIONS;
  const ideas: IdeaDraft[] = table.map(([angle, move], i) => {
    const hook = method === 'free_association' && keywords.length > 0 ? `${keywords[i % keywords.length]}×` : '';
    return {
      title: `${expand ? '深化 · ' : ''}${angle}：${hook}${subject}`,
      pitch: `${move}，让“${subject}”更有吸引力。`,
      why: `${brainstormMethodLabels[method]}第 ${round} 轮：从“${angle}”的角度看，这能带来新的差异点。`,
      risks: ['需要验证用户是否真的需要', '投入成本可能超出预期'],
    };
  });
  return JSON.stringify({ ideas });
}

/** Clusters by the round (and method) each card came from. */
export function demoSummary(cards: readonly IdeaCard[], methodOfRound: ReadonlyMap<number, BrainstormMethod>): string {
  const groups = new Map<string, string[]>();
  for (const card of cards) {
    const method = methodOfRound.get(card.round);
    const name = `第${card.round}轮 · ${method ? brainstormMethodLabels[method] : '合并'}`;
    groups.set(name, [...(groups.get(name) ?? []), card.card_id]);
  }
  const clusters = [...groups.entries()].map(([name, ids]) => ({
    name,
    summary: `本组包含 ${ids.length} 个创意`,
    card_ids: ids,
  }));
  return JSON.stringify({ clusters });
}

const LEXICON: Record<Emotion, string[]> = {
  joy: [
    '喜欢',
    '满意',
    '好用',
    '开心',
    '不错',
    '很棒',
    '太棒',
    '赞',
    '舒服',
    '方便',
    '推荐',
    '爱了',
    'love',
    'great',
    'good',
  ],
  trust: ['放心', '靠谱', '信任', '安心', '专业', '稳定', '值得'],
  anticipation: ['期待', '希望', '想要', '要是', '如果能', '建议', '能不能', '盼'],
  surprise: ['惊喜', '没想到', '意外', '居然', '竟然'],
  sadness: ['失望', '遗憾', '可惜', '难过', '一般般', '太差', '很差'],
  anger: ['生气', '愤怒', '气死', '垃圾', '投诉', '坑', '骗', '太慢', '退款', '差评'],
  fear: ['担心', '害怕', '不安', '顾虑', '风险', '隐私'],
  disgust: ['恶心', '反感', '讨厌', '受不了', '烦'],
  // What no word marks: the report puts every unmarked voice here.
  neutral: [],
};
const NEED = /希望|想要|需要|建议|能不能|可不可以|要是|如果能|期待/;
const NEGATIVE: Emotion[] = ['sadness', 'anger', 'fear', 'disgust'];
const POSITIVE: Emotion[] = ['joy', 'surprise', 'trust'];

function emotionOf(text: string): Emotion | null {
  let best: Emotion | null = null;
  let bestHits = 0;
  for (const [emotion, words] of Object.entries(LEXICON) as [Emotion, string[]][]) {
    const hits = words.filter((w) => text.toLowerCase().includes(w)).length;
    if (hits > bestHits) {
      best = emotion;
      bestHits = hits;
    }
  }
  return best;
}

/** Claims named after the most telling terms of a group of voices. */
function claimsByTerm(group: readonly Voice[], title: (term: string) => string, detail: string) {
  if (group.length === 0) return [];
  const terms = topTerms(
    group.map((v) => ({ text: v.quote })),
    3,
  );
  const claims = terms.map((term) => ({
    title: title(term),
    detail,
    voices: group.filter((v) => v.quote.toLowerCase().includes(term)).map((v) => v.id),
  }));
  return claims.length > 0 ? claims : [{ title: title('整体体验'), detail, voices: group.map((v) => v.id) }];
}

/** An insight report by keyword rules, as the JSON a real model is asked for. */
export function demoReport(voices: readonly Voice[]): string {
  const emotionOfVoice = new Map(voices.map((v) => [v.id, emotionOf(v.quote)]));
  const byEmotion = new Map<Emotion, number[]>();
  for (const [id, emotion] of emotionOfVoice)
    if (emotion) byEmotion.set(emotion, [...(byEmotion.get(emotion) ?? []), id]);
  const having = (emotions: Emotion[]) => voices.filter((v) => emotions.includes(emotionOfVoice.get(v.id)!));
  const needs = voices.filter((v) => NEED.test(v.quote));
  const negative = having(NEGATIVE);
  const positive = having(POSITIVE);
  const personas: ReportDraft['personas'] = [];
  const needTitles = claimsByTerm(needs, (t) => `希望改进“${t}”`, '').map((c) => c.title);
  const painTitles = claimsByTerm(negative, (t) => `“${t}”相关的不满`, '').map((c) => c.title);
  if (positive.length > 0) {
    personas.push({
      name: '满意的忠实用户',
      description: '认可产品价值，愿意推荐，但仍有改进期待。',
      goals: needTitles.slice(0, 2),
      frustrations: [],
      voices: positive.slice(0, 3).map((v) => v.id),
    });
  }
  if (negative.length > 0) {
    personas.push({
      name: '受挫的批评者',
      description: '在关键环节遇到问题，情绪强烈，流失风险高。',
      goals: ['问题被尽快解决'],
      frustrations: painTitles.slice(0, 3),
      voices: negative.slice(0, 3).map((v) => v.id),
    });
  }
  const draft: ReportDraft = {
    summary: `演示模型按关键词规则分析了 ${voices.length} 条用户原声：正面 ${positive.length} 条，负面 ${negative.length} 条，提出需求 ${needs.length} 条。`,
    emotions: [...byEmotion.entries()].map(([emotion, ids]) => ({ emotion, voices: ids })),
    needs: claimsByTerm(needs, (t) => `希望改进“${t}”`, '用户明确提出的期望'),
    pain_points: claimsByTerm(negative, (t) => `“${t}”相关的不满`, '带有负面情绪的反馈'),
    delights: claimsByTerm(positive, (t) => `“${t}”带来的好感`, '带有正面情绪的反馈'),
    personas,
  };
  return JSON.stringify(draft);
}

/** Suggested questions from a document's most telling terms, one per line. */
export function demoRecommend(fileNames: readonly string[], passages: readonly { text: string }[]): string {
  const name = fileNames[0] ?? '文档';
  const terms = topTerms(passages, 4);
  return [
    `《${short(name, 30)}》的主要内容是什么？`,
    ...terms.map((t) => `文档中关于“${t}”是怎么说的？`),
    '文档中有哪些关键数据和结论？',
  ]
    .slice(0, 5)
    .join('\n');
}
