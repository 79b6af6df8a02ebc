import { describe, expect, it } from 'vitest';
import {
  emptyMarketingSections,
  headlineOf,
  marketingPreviewOf,
  parseMarketingAnalysis,
  sectionOfHeading,
} from '../src/marketing-frame';

describe('parseMarketingAnalysis', () => {
  it('splits an answer into the nine sections by heading, whatever the numbering', () => {
    const md = [
      '> 演示模型 notice',
      '## 一、背景',
      '品牌进入新市场。',
      '## 2. 目标（Objective）',
      '提升认知。',
      '### **受众**：',
      '一线城市白领',
      '## 洞察',
      '### 细分洞察',
      '加班后想犒劳自己',
      '## 效果与数据',
      '| 指标 | 数值 |',
      '## 可借鉴之处',
      '- 先找真实情绪',
    ].join('\n');
    const { sections, found } = parseMarketingAnalysis(md);
    expect(found).toBe(6);
    expect(sections.background).toBe('品牌进入新市场。');
    expect(sections.objective).toBe('提升认知。');
    expect(sections.audience).toBe('一线城市白领');
    expect(sections.insight).toBe('### 细分洞察\n加班后想犒劳自己');
    expect(sections.results).toBe('| 指标 | 数值 |');
    expect(sections.takeaways).toBe('- 先找真实情绪');
    expect(sections.strategy).toBe('');
  });

  it('ignores headings inside code fences and unknown headings before the first section', () => {
    const { sections, found } = parseMarketingAnalysis('# 概述\n文字\n## 策略\n```\n## 渠道\n```');
    expect(found).toBe(1);
    expect(sections.strategy).toBe('```\n## 渠道\n```');
    expect(sections.channels).toBe('');
  });

  it('recognises aliases', () => {
    expect(sectionOfHeading('目标受众')).toBe('audience');
    expect(sectionOfHeading('第3部分 传播渠道')).toBe('channels');
    expect(sectionOfHeading('效果')).toBe('results');
    expect(sectionOfHeading('总结')).toBeUndefined();
  });
});

describe('headlineOf', () => {
  it('keeps whole clauses and never ends on a cut phrase', () => {
    expect(headlineOf('瑞幸咖啡与茅台联名推出“酱香拿铁”，2023年9月4日上市首日销量突破542万杯。', 24)).toBe(
      '瑞幸咖啡与茅台联名推出“酱香拿铁”',
    );
    expect(headlineOf('某汽车品牌在春节推出回家短片。', 24)).toBe('某汽车品牌在春节推出回家短片');
    expect(headlineOf('新品上市', 24)).toBe('新品上市');
    // Short clauses are joined while they fit.
    expect(headlineOf('春节档，某品牌回家短片刷屏，播放量过亿', 24)).toBe('春节档，某品牌回家短片刷屏');
  });

  it('cuts a clause longer than the limit before a quotation it would split, with an ellipsis', () => {
    const title = headlineOf('某国际运动品牌联合多位城市跑步达人发起“城市夜跑计划”持续三个月覆盖二十座城市', 24);
    expect(title).toBe('某国际运动品牌联合多位城市跑步达人发起…');
    expect(Array.from(title).length).toBeLessThanOrEqual(24);
  });
});

describe('marketingPreviewOf', () => {
  it('skips a section the description does not cover', () => {
    const sections = {
      ...emptyMarketingSections(),
      insight: '描述中没有明确提到洞察。',
      strategy: '- 瑞幸咖啡与茅台联名推出“酱香拿铁”',
    };
    expect(marketingPreviewOf(sections, 'whole')).toBe('- 瑞幸咖啡与茅台联名推出“酱香拿铁”');
    expect(marketingPreviewOf({ ...sections, insight: '年轻人想要“微醺”的社交货币。' }, 'whole')).toBe(
      '年轻人想要“微醺”的社交货币。',
    );
    expect(marketingPreviewOf(emptyMarketingSections(), 'whole')).toBe('whole');
  });
});
