import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { appRoutes } from '../src/app/routes';
import { analyticsAppKeyOf } from '../src/app/chrome';
import { phonePlaceholder } from '../src/components/thread/thread-composer';
import { goneNoticeOf } from '../src/lib/http-client';

describe('rough edges of issue 30 (web)', () => {
  it('public and other non-module pages report analytics as the portal, modules under their own key', () => {
    expect(analyticsAppKeyOf('preview')).toBe('portal');
    expect(analyticsAppKeyOf('dev')).toBe('portal');
    expect(analyticsAppKeyOf(undefined)).toBe('portal');
    expect(analyticsAppKeyOf('chatgpt')).toBe('chatgpt');
    expect(analyticsAppKeyOf('pdf')).toBe('pdf');
  });

  it('a phone shows only the first clause of the question box hint', () => {
    expect(phonePlaceholder('输入问题，Enter 发送，Shift + Enter 换行')).toBe('输入问题');
    expect(phonePlaceholder('描述营销活动：背景、做法、渠道、数据，或粘贴文案；Enter 发送')).toBe(
      '描述营销活动：背景、做法、渠道、数据',
    );
    expect(phonePlaceholder('提问')).toBe('提问');
  });

  it('a gone session is named as such on the module home; other content generically', () => {
    expect(goneNoticeOf('/pdf/session?id=doesnotexist123')).toBe('会话不存在或已删除');
    expect(goneNoticeOf('/report/session')).toBe('会话不存在或已删除');
    expect(goneNoticeOf('/marketing/welcome?view=collection')).toBe('该内容不存在或已被删除');
  });

  it('every route that only redirects renders something, so React Router does not warn of an empty leaf', () => {
    const bare: string[] = [];
    const walk = (routes: RouteObject[], at: string) => {
      for (const r of routes) {
        const where = `${at}/${r.path ?? (r.index ? '(index)' : '')}`;
        if (!r.children?.length && !r.Component && !r.element && !r.lazy) bare.push(where);
        if (r.children) walk(r.children, where);
      }
    };
    walk(appRoutes, '');
    expect(bare).toEqual([]);
  });
});
