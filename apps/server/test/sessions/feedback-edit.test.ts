import {
  ErrorCode,
  type FeedbackState,
  type Session,
  type SessionMessage,
  type SessionMessageListResponse,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helper';
import { buildSessionsApp, get, post, streamPost, tokenFor } from './helpers';

/** 点赞 / 点踩 / 复制 on session answers, and an edited question replacing the turns after it. */
describe('session answers: feedback and edited questions', () => {
  let t: TestApp;
  let admin = '';
  let staff = '';
  let sessionId = '';

  const ask = async (prompt: string) => {
    const { events } = await streamPost(t, admin, '/api/insight/prompt/askStream', {
      session_id: sessionId,
      action: 'ask',
      prompt,
    });
    return events.find((e) => e.event === 'finish')!.data.message as SessionMessage;
  };
  const messages = async () =>
    (await get<SessionMessageListResponse>(t, admin, '/api/insight/message/list', { session_id: sessionId })).data.list;

  beforeAll(async () => {
    t = await buildSessionsApp();
    admin = await tokenFor(t, 'admin');
    staff = await tokenFor(t, 'staff');
    sessionId = (await post<Session>(t, admin, '/api/insight/session/create', {})).data.session_id;
  });
  afterAll(async () => t?.close());

  it('likes, dislikes and counts copies of an answer, and keeps it on reload', async () => {
    const answer = await ask('用户最常抱怨什么？');
    const feedback = (action: string, token = admin) =>
      post<FeedbackState>(t, token, '/api/insight/message/feedback', {
        session_id: sessionId,
        message_id: answer.message_id,
        action,
      });
    expect((await feedback('like')).data).toMatchObject({ feedback: 'like', copy_count: 0 });
    expect((await feedback('dislike')).data.feedback).toBe('dislike');
    expect((await feedback('unlike')).data.feedback).toBe('dislike');
    expect((await feedback('copy')).data).toMatchObject({ feedback: 'dislike', copy_count: 1 });
    expect((await messages()).find((m) => m.message_id === answer.message_id)?.feedback).toBe('dislike');
    // Another user's answer is unknown to them; so is the right id under another module.
    expect((await feedback('like', staff)).code).not.toBe(0);
    const elsewhere = await post(t, admin, '/api/pdf/message/feedback', {
      session_id: sessionId,
      message_id: answer.message_id,
      action: 'like',
    });
    expect(elsewhere.code).not.toBe(0);
  });

  it('removes an edited question and every turn after it, then asks again', async () => {
    await ask('第二个问题');
    await ask('第三个问题');
    const before = await messages();
    expect(before).toHaveLength(6);
    const second = before[2]!;
    expect(second.content).toBe('第二个问题');
    const answerId = before[3]!.message_id;
    const refused = await post(t, admin, '/api/insight/message/truncate', {
      session_id: sessionId,
      message_id: answerId,
    });
    expect(refused.code).not.toBe(0);
    expect(
      (await post(t, staff, '/api/insight/message/truncate', { session_id: sessionId, message_id: second.message_id }))
        .code,
    ).not.toBe(0);

    const cut = await post<{ removed: number }>(t, admin, '/api/insight/message/truncate', {
      session_id: sessionId,
      message_id: second.message_id,
    });
    expect(cut.data.removed).toBe(4);
    await ask('改过的第二个问题');
    const after = await messages();
    expect(after.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(after.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      '用户最常抱怨什么？',
      '改过的第二个问题',
    ]);
  });

  it("follows only the user's own answers; a question, another user's answer or a blank id is refused as JSON", async () => {
    const [question, answer] = (await messages()).slice(-2);
    const follow = (message_id: string, token = admin) =>
      streamPost(t, token, '/api/insight/message/follow', { message_id });

    const followed = await follow(answer!.message_id);
    expect(followed.events.at(-1)).toMatchObject({ event: 'finish', data: { status: 'done' } });
    for (const refused of [await follow(question!.message_id), await follow(answer!.message_id, staff)]) {
      expect(refused).toMatchObject({ status: 404, events: [], json: { code: ErrorCode.resourceGone } });
    }
    const blank = await follow(' ');
    expect(blank.json).toMatchObject({ code: ErrorCode.validation });
    expect(blank.json?.message).toContain('message_id');
  });
});
