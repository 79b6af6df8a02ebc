import { describe, expect, it } from 'vitest';
import { analyticsAppKeyOf, currentAppName, documentTitle } from '../../src/app/chrome';
import { accountInfo, appEntry } from '../../src/testing/fixtures';

describe('page chrome', () => {
  it('titles pages with the runtime title and the current app name', () => {
    const account = accountInfo({ app_list: [appEntry({ app_key: 'report', app_name: '行业报告助手' })] });
    expect(documentTitle('AI 门户', currentAppName('report', account))).toBe('AI 门户 - 行业报告助手');
    expect(documentTitle('AI 门户', currentAppName('pdf', account))).toBe('AI 门户 - PDF文档分析');
    expect(documentTitle('AI 门户', currentAppName('home', account))).toBe('AI 门户');
  });

  it('public and other non-module pages report analytics as the portal, modules under their own key', () => {
    expect(analyticsAppKeyOf('preview')).toBe('portal');
    expect(analyticsAppKeyOf('dev')).toBe('portal');
    expect(analyticsAppKeyOf(undefined)).toBe('portal');
    expect(analyticsAppKeyOf('chatgpt')).toBe('chatgpt');
    expect(analyticsAppKeyOf('pdf')).toBe('pdf');
  });
});
