import { describe, expect, it } from 'vitest';
import { goneNoticeOf } from '../../src/lib/http-client';

describe('the notice for content that is gone', () => {
  it('a gone session is named as such on the module home; other content generically', () => {
    expect(goneNoticeOf('/pdf/session?id=doesnotexist123')).toBe('会话不存在或已删除');
    expect(goneNoticeOf('/report/session')).toBe('会话不存在或已删除');
    expect(goneNoticeOf('/marketing/welcome?view=collection')).toBe('该内容不存在或已被删除');
  });
});
