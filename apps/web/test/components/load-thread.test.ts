import { ErrorCode } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { loadThread } from '../../src/components/thread/load-thread';
import { createThreadStore } from '../../src/components/thread/thread-slice';
import { HttpError } from '../../src/lib/http-client';

describe('loadThread', () => {
  it('marks a thread the server no longer knows as gone, not as a failed load', async () => {
    const store = createThreadStore();
    await loadThread(store, 's1', () => Promise.reject(new HttpError(ErrorCode.resourceGone, '会话不存在', 'r1', 200)));
    expect(store.getState().sessions.s1?.load).toBe('gone');
  });

  it('marks any other failure as an error, and loads again when asked', async () => {
    const store = createThreadStore();
    await loadThread(store, 's2', () => Promise.reject(new HttpError(ErrorCode.plainString, '网络错误', 'r2', 502)));
    expect(store.getState().sessions.s2?.load).toBe('error');
    await loadThread(store, 's2', () => Promise.resolve({ list: [], hasMore: false }));
    expect(store.getState().sessions.s2?.load).toBe('ready');
  });
});
