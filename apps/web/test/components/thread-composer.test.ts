import { describe, expect, it } from 'vitest';
import { phonePlaceholder } from '../../src/components/thread/thread-composer';

describe('the question box on a phone', () => {
  it('a phone shows only the first clause of the question box hint', () => {
    expect(phonePlaceholder('输入问题，Enter 发送，Shift + Enter 换行')).toBe('输入问题');
    expect(phonePlaceholder('描述营销活动：背景、做法、渠道、数据，或粘贴文案；Enter 发送')).toBe(
      '描述营销活动：背景、做法、渠道、数据',
    );
    expect(phonePlaceholder('提问')).toBe('提问');
  });
});
