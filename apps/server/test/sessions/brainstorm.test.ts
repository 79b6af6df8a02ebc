import {
  ErrorCode,
  type IdeaCard,
  type Session,
  type SessionAsyncAskResponse,
  type SessionMessage,
  type SessionMessageListResponse,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helper';
import { buildSessionsApp, eventually, get, post, streamPost, tokenFor } from './helpers';

describe('brainstorm: rounds of idea cards, edits and a summary', () => {
  let t: TestApp;
  let admin = '';
  let staff = '';
  let sessionId = '';

  const completion = (messageId: string) =>
    eventually(
      () => get<SessionMessage>(t, admin, '/api/brainstorm/prompt/getCompletion', { message_id: messageId }),
      (r) => r.code === 0 && r.data.status !== 'generating',
    );
  const cards = async () =>
    (await get<{ list: IdeaCard[] }>(t, admin, '/api/brainstorm/idea/list', { session_id: sessionId })).data.list;

  beforeAll(async () => {
    t = await buildSessionsApp();
    admin = await tokenFor(t, 'admin');
    staff = await tokenFor(t, 'staff');
  });
  afterAll(async () => t?.close());

  it('creates a session with a topic and lists it', async () => {
    const created = await post<Session>(t, admin, '/api/brainstorm/session/create', {
      topic: '提升社区咖啡店的复购率',
      method: 'scamper',
    });
    expect(created.data).toMatchObject({
      module: 'brainstorm',
      type: 3,
      topic: '提升社区咖啡店的复购率',
      method: 'scamper',
    });
    expect(created.data.session_name).toBe('提升社区咖啡店的复购率');
    sessionId = created.data.session_id;
    const list = await get<{ session_list: Session[] }>(t, admin, '/api/brainstorm/session/list');
    expect(list.data.session_list.map((s) => s.session_id)).toContain(sessionId);
    const theirs = await get<{ session_list: Session[] }>(t, staff, '/api/brainstorm/session/list');
    expect(theirs.data.session_list.map((s) => s.session_id)).not.toContain(sessionId);
  });

  it('refuses a summary before any round', async () => {
    const res = await post(t, admin, '/api/brainstorm/prompt/asyncAsk', { session_id: sessionId, action: 'summary' });
    expect(res.code).toBe(ErrorCode.validation);
  });

  it('runs a SCAMPER round asynchronously into validated idea cards', async () => {
    const started = await post<SessionAsyncAskResponse>(t, admin, '/api/brainstorm/prompt/asyncAsk', {
      session_id: sessionId,
      action: 'round',
    });
    expect(started.code).toBe(0);
    const done = await completion(started.data.message_id);
    expect(done.data).toMatchObject({ status: 'done', kind: 'ideas', demo: true });
    if (done.data.data?.kind !== 'ideas') throw new Error('expected a round');
    const round = done.data.data.round;
    expect(round).toMatchObject({ round: 1, method: 'scamper' });
    expect(round.cards).toHaveLength(7);
    for (const card of round.cards) {
      expect(card).toMatchObject({ state: 'new', rating: null, round: 1 });
      expect(card.title.length).toBeGreaterThan(0);
      expect(card.pitch).toContain('咖啡');
      expect(card.risks.length).toBeGreaterThan(0);
    }
    // The stored text is readable Markdown, not the model's JSON.
    expect(done.data.content).toContain('演示模型');
    expect(done.data.content).toContain('第 1 轮');
    expect(done.data.content).not.toContain('{"ideas"');
  });

  it('streams a second round with another method, expanding a card', async () => {
    const [first] = await cards();
    const { events } = await streamPost(t, admin, '/api/brainstorm/message/receive', {
      session_id: sessionId,
      action: 'round',
      method: 'six_hats',
      expand_card_id: first!.card_id,
    });
    const finish = events.find((e) => e.event === 'finish')!;
    const message = finish.data.message as SessionMessage;
    if (message.data?.kind !== 'ideas') throw new Error('expected a round');
    expect(message.data.round).toMatchObject({ round: 2, method: 'six_hats', expand_card_id: first!.card_id });
    expect(message.data.round.cards).toHaveLength(6);
    expect(message.data.round.cards[0]!.source_card_ids).toEqual([first!.card_id]);
    const session = await get<{ session: Session }>(t, admin, '/api/brainstorm/session/info', {
      session_id: sessionId,
    });
    expect(session.data.session.method).toBe('six_hats');
  });

  it('keeps, drops, rates and merges cards; another user cannot touch them', async () => {
    const all = await cards();
    expect(all).toHaveLength(13);
    const [a, b, c, d] = all;
    const kept = await post<IdeaCard>(t, admin, '/api/brainstorm/idea/update', {
      session_id: sessionId,
      card_id: a!.card_id,
      state: 'kept',
      rating: 3,
    });
    expect(kept.data).toMatchObject({ card_id: a!.card_id, state: 'kept', rating: 3 });
    await post(t, admin, '/api/brainstorm/idea/update', {
      session_id: sessionId,
      card_id: b!.card_id,
      state: 'kept',
      rating: 5,
    });
    await post(t, admin, '/api/brainstorm/idea/update', {
      session_id: sessionId,
      card_id: c!.card_id,
      state: 'dropped',
    });
    const foreign = await post(t, staff, '/api/brainstorm/idea/update', {
      session_id: sessionId,
      card_id: d!.card_id,
      state: 'dropped',
    });
    expect(foreign.code).toBe(ErrorCode.resourceGone);
    const missing = await post(t, admin, '/api/brainstorm/idea/update', {
      session_id: sessionId,
      card_id: 'r9c9',
      rating: 1,
    });
    expect(missing.code).toBe(ErrorCode.resourceGone);

    const merged = await post<IdeaCard>(t, admin, '/api/brainstorm/idea/merge', {
      session_id: sessionId,
      card_ids: [d!.card_id, all[4]!.card_id],
      title: '会员积分 + 社群活动',
    });
    expect(merged.data).toMatchObject({ title: '会员积分 + 社群活动', state: 'kept', round: 3 });
    expect(merged.data.source_card_ids).toEqual([d!.card_id, all[4]!.card_id]);
    const after = await cards();
    expect(after.find((x) => x.card_id === d!.card_id)?.state).toBe('dropped');
    expect(after.find((x) => x.card_id === c!.card_id)?.state).toBe('dropped');
    expect(after.find((x) => x.card_id === b!.card_id)).toMatchObject({ state: 'kept', rating: 5 });
  });

  it('ends with clusters, a mind map and a shortlist ordered by the ratings', async () => {
    const started = await post<SessionAsyncAskResponse>(t, admin, '/api/brainstorm/prompt/asyncAsk', {
      session_id: sessionId,
      action: 'summary',
    });
    const done = await completion(started.data.message_id);
    if (done.data.data?.kind !== 'summary') throw new Error(`expected a summary: ${done.data.content}`);
    const summary = done.data.data.summary;
    const all = await cards();
    const live = all.filter((c) => c.state !== 'dropped');
    expect(summary.clusters.flatMap((c) => c.card_ids).sort()).toEqual(live.map((c) => c.card_id).sort());
    expect(summary.mind_map_markdown.startsWith('# 提升社区咖啡店的复购率')).toBe(true);
    expect(summary.mind_map_markdown).toContain('## ');
    // Rated cards first; the merged card's sources had no rating, so neither has it.
    expect(summary.shortlist.map((s) => s.rating)).toEqual([5, 3, null]);
    expect(summary.shortlist.every((s) => all.find((c) => c.card_id === s.card_id)?.state === 'kept')).toBe(true);

    const list = await get<SessionMessageListResponse>(t, admin, '/api/brainstorm/message/list', {
      session_id: sessionId,
      page_size: '3',
    });
    expect(list.data.has_more).toBe(true);
    expect(list.data.list.at(-1)!.kind).toBe('summary');
  });

  it('renames and deletes a session', async () => {
    const renamed = await post<Session>(t, admin, '/api/brainstorm/session/update', {
      session_id: sessionId,
      session_name: '咖啡店复购',
    });
    expect(renamed.data.session_name).toBe('咖啡店复购');
    expect((await post(t, staff, '/api/brainstorm/session/delete', { session_id: sessionId })).code).toBe(
      ErrorCode.resourceGone,
    );
    expect((await post(t, admin, '/api/brainstorm/session/delete', { session_id: sessionId })).code).toBe(0);
    const info = await get(t, admin, '/api/brainstorm/session/info', { session_id: sessionId });
    expect(info.code).toBe(ErrorCode.resourceGone);
  });
});
