import type { FileKind, SessionModule } from '@portal/contract';
import { MODULES } from '@portal/contract';
import type { UploadRules } from '../../../lib/upload';

/** What differs between the three session tools; everything else is the shared shell. */
export interface SessionModuleConfig {
  name: SessionModule;
  title: string;
  /** `/brainstorm`, …; its calls are the contract's `sessionEndpoints(name)`. */
  topPath: string;
  upload: UploadRules;
  /** The file picker's filter. */
  accept: string;
  uploadHint: string;
  /** Shown on the welcome page. */
  intro: string;
  /** Empty thread of a session. */
  emptyHint: string;
}

/** 20 MB per document; the server applies its own (configurable) limit again. */
const DOC_MAX_BYTES = 20_000_000;
const VOICE_KINDS: readonly FileKind[] = ['txt', 'md', 'csv', 'xlsx', 'docx', 'pdf'];

export const sessionModuleConfigs: Record<SessionModule, SessionModuleConfig> = {
  brainstorm: {
    name: 'brainstorm',
    title: MODULES.brainstorm.title,
    topPath: '/brainstorm',
    upload: { kinds: ['pdf', 'docx', 'txt', 'md'], maxBytes: DOC_MAX_BYTES },
    accept: '.pdf,.docx,.txt,.md',
    uploadHint: '可选：上传参考资料（PDF、Word、TXT、Markdown），单个不超过 20MB',
    intro:
      '输入一个主题，选择发散方法，逐轮生成创意卡片；保留、合并、扩展好点子，最后得到聚类总结、思维导图和候选清单。',
    emptyHint: '选择一种方法，点击「开始新一轮」生成创意卡片。',
  },
  insight: {
    name: 'insight',
    title: MODULES.insight.title,
    topPath: '/insight',
    upload: { kinds: VOICE_KINDS, maxBytes: DOC_MAX_BYTES },
    accept: '.txt,.md,.csv,.xlsx,.docx,.pdf',
    uploadHint: '上传用户评论、访谈记录（TXT、Markdown、CSV/Excel 每行一条、Word、PDF），单个不超过 20MB',
    intro: '粘贴或上传用户评论、访谈记录，生成有原文佐证的洞察报告：情绪分布、需求、痛点、惊喜时刻与用户画像。',
    emptyHint: '上传或粘贴用户原声后，点击「生成洞察报告」。',
  },
  pdf: {
    name: 'pdf',
    title: MODULES.pdf.title,
    topPath: '/pdf',
    upload: { kinds: ['pdf'], maxBytes: DOC_MAX_BYTES },
    accept: '.pdf',
    uploadHint: '支持 PDF，单个不超过 20MB，可上传多个',
    intro: '上传一个或多个 PDF，提问即可得到标注页码的回答，点击引用直接打开原文对应页。',
    emptyHint: '文档解析完成后即可提问，回答会标注引用的页码。',
  },
};

export function sessionModuleOf(path: string): SessionModuleConfig | undefined {
  const top = path.split('/')[1] ?? '';
  return Object.hasOwn(sessionModuleConfigs, top) ? sessionModuleConfigs[top as SessionModule] : undefined;
}
