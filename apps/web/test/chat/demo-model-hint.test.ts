import { describe, expect, it } from 'vitest';
import { demoModelHint } from '../../src/features/chat/components/model-settings';

describe('the 演示模型 tag', () => {
  it('tells staff only that no model is connected, and administrators how to connect one', () => {
    expect(demoModelHint(false)).toContain('管理员尚未接入模型服务');
    expect(demoModelHint(false)).not.toMatch(/配置文件|重启|providers/);
    expect(demoModelHint(true)).toMatch(/配置文件.*providers\.endpoints.*重启/);
  });
});
