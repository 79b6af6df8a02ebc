import { describe, expect, it } from 'vitest';
import { parseMarketingAnalysis, sectionOfHeading } from '../src/marketing-frame';

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
