import { MARKETING_NOT_COVERED_PREFIX, MARKETING_SECTIONS, type MarketingSectionKey } from '@portal/contract';
import type { MarketingAttachmentRef } from '../../db/schema';
import type { ChatTurn } from '../../services/llm';

/** A campaign description as the prompt builder sees it. */
export interface CaseInput {
  text: string;
  attachments: readonly Pick<MarketingAttachmentRef, 'name' | 'mime' | 'excerpt' | 'unread'>[];
}

/** The prompt of one analysis: the frame's instructions and the conversation's turns. */
export interface AnalysisPrompt {
  system: string;
  turns: ChatTurn[];
}

const frameHeadings = MARKETING_SECTIONS.map((s, i) => `${i + 1}. ## ${s.title}`).join('\n');

/** Instructions that keep every answer in the fixed frame, so its sections can be parsed and compared. */
export const ANALYSIS_SYSTEM_PROMPT = [
  '你是一名资深的消费品营销分析师，负责拆解营销案例。',
  '请用中文、Markdown 输出案例分析，严格按以下顺序使用二级标题（## 标题），每个部分一个标题，标题文字不要改动，也不要加编号：',
  frameHeadings,
  '要求：',
  '- 只依据用户提供的信息与公开常识分析；用户没有提供的数据写明“未提供”，不要编造具体数字。',
  '- “效果与数据”尽量用表格列出指标、数值与来源；没有数据时给出应该追踪的指标。',
  '- “可借鉴之处”给出 3 到 5 条可以直接用于消费品牌的做法。',
  '- 除以上九个标题外不要使用其他二级标题；需要细分时使用三级标题或列表。',
].join('\n');

function kindOf(mime: string): string {
  if (mime.startsWith('image/')) return '图片';
  if (mime === 'application/pdf') return 'PDF';
  if (mime.includes('wordprocessingml')) return 'Word 文档';
  return '文本';
}

/** Documents' text goes in as read (bounded, fenced); images and unread documents by name only. */
function attachmentLines(attachments: CaseInput['attachments']): string[] {
  if (attachments.length === 0) return [];
  const lines = ['', '用户上传的附件：'];
  for (const a of attachments) {
    const label = `${a.name}（${kindOf(a.mime)}）`;
    if (a.excerpt) lines.push('', `附件 ${label} 的文字内容：`, '"""', a.excerpt, '"""');
    else if (a.mime.startsWith('image/')) lines.push(`- ${label}：目前无法识别图片内容，请不要臆测`);
    else lines.push(`- ${label}：${a.unread ?? '未能读取'}，请不要臆测其内容`);
  }
  return lines;
}

/** The user turn of one description: the text as given and what was read of its attachments. */
export function describeCase(input: CaseInput): string {
  const text = input.text.trim() || '（用户没有填写文字描述，只上传了附件）';
  return ['请分析以下营销案例：', '', text, ...attachmentLines(input.attachments)].join('\n');
}

/** The prompt for a new description following the conversation's earlier turns. */
export function buildAnalysisPrompt(history: readonly ChatTurn[], input: CaseInput): AnalysisPrompt {
  return { system: ANALYSIS_SYSTEM_PROMPT, turns: [...history, { role: 'user', content: describeCase(input) }] };
}

// ---- The demo analysis: written from the description itself when no model is configured. ----

export const DEMO_NOTICE =
  '> **演示模型**：管理员尚未接入模型服务，以下案例分析由内置的演示模型按固定框架从你的描述中摘取整理，并非真实的模型分析。';

/** Words that suggest a sentence speaks to a section. */
const CUES: Record<Exclude<MarketingSectionKey, 'background' | 'takeaways'>, RegExp> = {
  objective: /目标|目的|希望|提升|增长|拉新|转化|认知|声量|心智|GMV|销量/i,
  audience: /受众|人群|用户|消费者|年轻|女性|男性|妈妈|学生|白领|Z世代|95后|00后|家庭/i,
  insight: /洞察|痛点|情绪|需求|共鸣|焦虑|孤独|压力|渴望|真实|发现/,
  strategy: /策略|借势|联名|合作|打造|通过|结合|节点|打法|定位|跨界/,
  creative: /创意|视频|海报|文案|口号|slogan|TVC|短片|故事|装置|包装|设计|互动/i,
  channels:
    /渠道|抖音|小红书|微博|微信|视频号|B站|哔哩哔哩|快手|直播|线下|门店|电梯|地铁|KOL|KOC|达人|公众号|朋友圈|天猫|京东/i,
  results: /\d+(?:\.\d+)?\s*(?:%|％|万|亿|次|个|倍|人|元)|曝光|播放|阅读|互动量|销量|ROI|GMV|转化率|增长/i,
};

const MAX_QUOTES = 3;

function sentencesOf(text: string): string[] {
  return (
    text
      // Clauses, not whole sentences: one sentence of a description often names channel, goal and result at once.
      .split(/(?<=[。！？!?；;，,：:])|\n+/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0)
  );
}

function bullets(lines: readonly string[]): string {
  return lines.map((l) => `- ${l}`).join('\n');
}

/**
 * A deterministic, clearly labelled analysis in the fixed frame: each section quotes the sentences
 * of the description that speak to it, or says that the description does not cover it.
 */
export function demoAnalysis(input: CaseInput): string {
  // The documents' text counts as part of the description; images stay unread.
  const sentences = sentencesOf([input.text, ...input.attachments.map((a) => a.excerpt ?? '')].join('\n'));
  const unread = input.attachments.filter((a) => !a.excerpt);
  const covered: string[] = [];
  const missing: string[] = [];
  const body = (key: MarketingSectionKey, title: string): string => {
    if (key === 'background') {
      const lines = sentences.slice(0, 2);
      if (unread.length > 0) {
        lines.push(`未读取的附件：${unread.map((a) => a.name).join('、')}（图片无法识别，文档未解析完成或失败）`);
      }
      if (lines.length === 0) return '描述中没有提供背景信息。';
      covered.push(title);
      return bullets(lines);
    }
    if (key === 'takeaways') {
      const lines = [
        covered.length > 0 ? `描述中已覆盖：${covered.join('、')}。` : '描述中的信息不足以归纳可借鉴之处。',
        missing.length > 0
          ? `建议补充：${missing.join('、')}，以便完整评估。`
          : '框架中的各部分都有对应信息，可以进入对比。',
        '接入模型服务后，这里将给出 3 到 5 条可直接借鉴的做法。',
      ];
      return bullets(lines);
    }
    if (key === 'results') {
      const hits = sentences.filter((s) => CUES.results.test(s)).slice(0, MAX_QUOTES);
      if (hits.length === 0) {
        missing.push(title);
        return '描述中没有提供效果数据。建议追踪的指标：曝光、互动率、搜索指数、销量或转化率。';
      }
      covered.push(title);
      return ['| 描述中的数据 |', '| --- |', ...hits.map((h) => `| ${h.replace(/\|/g, '｜')} |`)].join('\n');
    }
    const hits = sentences.filter((s) => CUES[key].test(s)).slice(0, MAX_QUOTES);
    if (hits.length === 0) {
      missing.push(title);
      return `${MARKETING_NOT_COVERED_PREFIX}明确提到${title}。`;
    }
    covered.push(title);
    return bullets(hits);
  };
  const parts = [DEMO_NOTICE, ''];
  for (const section of MARKETING_SECTIONS) parts.push(`## ${section.title}`, '', body(section.key, section.title), '');
  return parts.join('\n').trimEnd();
}
