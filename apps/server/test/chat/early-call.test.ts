import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatMessages, chatUsage, users } from '../../src/db/schema';
import { askInOneStatement } from '../../src/modules/chat/ask-statement';
import { HISTORY_ROWS, MessageStore } from '../../src/modules/chat/message-store';
import { RecentTurns } from '../../src/modules/chat/recent-turns';
import { TURNS_CHANNEL } from '../../src/modules/chat/turns-feed';
import { api, body, type TestApp } from '../helper';
import { startFakeUpstream, type FakeUpstream } from '../llm/fake-upstream';
import { ask, buildChatApp, chatgptAsk, streamedText, tokenFor } from './helpers';

/**
 * A new conversation's model call starts while its question is stored, when the quota is known
 * to have room (modules/chat/quota-hints.ts); the statement still decides.
 */
let fake: FakeUpstream;
let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  fake = await startFakeUpstream();
  t = await buildChatApp({ fake, chat: { quotas: { chatgpt: 3 } } });
  admin = await tokenFor(t, 'admin');
  staff = await tokenFor(t, 'staff');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());
afterEach(() => vi.restoreAllMocks());

/**
 * The model calls the portal made, seen where it makes them: a call cancelled at once may never
 * reach the fake upstream, so counting there would depend on timing.
 */
const modelCalls = () => {
  const signals: AbortSignal[] = [];
  const llm = t.app.services.llm;
  const streamChat = llm.streamChat.bind(llm);
  vi.spyOn(llm, 'streamChat').mockImplementation((input) => {
    if (input.signal) signals.push(input.signal);
    return streamChat(input);
  });
  return signals;
};

const conversations = async () =>
  body<{ conv_list: unknown[] }>(await api(t, admin, { method: 'GET', url: '/api/chatgpt/conversation/list' })).data
    .conv_list;

describe('a new conversation’s early model call', () => {
  it('streams and stores the answer like any other, and is cancelled when the quota refuses after all', async () => {
    fake.setDefault({ tokens: ['早', '到'] });
    const calls = modelCalls();
    // The first ask teaches this process the quota's state; the second may start early.
    for (const prompt of ['第一问', '第二问']) {
      const answered = await ask(t, admin, 'chatgpt', chatgptAsk(prompt));
      expect(answered.status).toBe(200);
      expect(streamedText(answered.events)).toBe('早到');
      expect(answered.events.at(-1)).toMatchObject({ event: 'finish', data: { status: 'done' } });
    }
    expect(fake.chatRequests.map((r) => r.body.messages?.at(-1)?.content)).toEqual(['第一问', '第二问']);
    expect(calls).toHaveLength(2);

    // Another replica takes the last use: this process still thinks there is room.
    const [me] = await t.app.db.select().from(users).where(eq(users.login, 'admin'));
    await t.app.db.insert(chatUsage).values({ userId: me!.id, module: 'chatgpt', convId: 'elsewhere', messageId: 'x' });
    const refused = await ask(t, admin, 'chatgpt', chatgptAsk('第三问'));
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ code: 4030, message: '本模块使用次数已用完，请稍后再试', data: null });
    // The call started with the statement and was cancelled when it refused; nothing was stored.
    expect(calls).toHaveLength(3);
    expect(calls[2]!.aborted).toBe(true);
    expect(await conversations()).toHaveLength(2);

    // Now the refusal is known: the next question makes no model call at all.
    const again = await ask(t, admin, 'chatgpt', chatgptAsk('第四问'));
    expect(again.status).toBe(429);
    expect(calls).toHaveLength(3);
  });

  it('starts only one early call of a burst of questions against the last use', async () => {
    fake.setDefault({ tokens: ['答'] });
    for (const prompt of ['一', '二']) expect((await ask(t, staff, 'chatgpt', chatgptAsk(prompt))).status).toBe(200);

    const calls = modelCalls();
    const burst = await Promise.all(['三', '四', '五'].map((p) => ask(t, staff, 'chatgpt', chatgptAsk(p))));
    expect(burst.map((r) => r.status).sort()).toEqual([200, 429, 429]);
    // One question of the burst started its call early. Whichever question the statement took
    // first was answered; if that was not the early one, the early call was cancelled. Without the
    // count, all three would have called the model.
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.length).toBeLessThanOrEqual(2);
  });
});

/**
 * This process keeps the turns of recent conversations (recent-turns.ts) and uses them as they are:
 * with the embedded engine it is the database's only writer; on PostgreSQL it hears the other
 * replicas' asks (turns-feed.ts). While it cannot hear them, it first confirms them by digest.
 */
const onPostgres = (process.env.TEST_DB ?? 'pglite') !== 'pglite';

describe('a follow-up’s early model call', () => {
  // The tests above used up both users' asks.
  beforeEach(async () => {
    await t.app.db.delete(chatUsage);
  });

  /** The turns of the last call the fake upstream received, as `role:content`. */
  const lastSentTurns = () => fake.chatRequests.at(-1)!.body.messages!.map((m) => `${m.role}:${m.content}`);

  /** A conversation of `token`'s user with one answered question; its id. */
  const answeredConversation = async (token: string) => {
    const first = await ask(t, token, 'chatgpt', chatgptAsk('上一问'));
    expect(first.status).toBe(200);
    return String(first.events.at(-1)!.data.conv_id);
  };

  /** Asks `prompt` in `convId`, expecting the call it started with cancelled and a second one answering. */
  const expectAskedAgain = async (convId: string, prompt: string) => {
    const calls = modelCalls();
    const answered = await ask(t, admin, 'chatgpt', chatgptAsk(prompt, { conv_id: convId }));
    expect(answered.status).toBe(200);
    expect(streamedText(answered.events)).toBe('答');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.aborted).toBe(true);
    return calls;
  };

  /** The next follow-up's turns are not known here: as after a restart. */
  const unknownHere = () => vi.spyOn(RecentTurns.prototype, 'before').mockReturnValueOnce(undefined);

  /**
   * Each read was given the turns kept here and handed back those very turns: the database
   * confirmed them by digest and sent none.
   */
  const expectConfirmedReads = async (read: { mock: { calls: unknown[][]; results: { value: unknown }[] } }) => {
    for (const [i, call] of read.mock.calls.entries()) {
      expect(call[3]).toBeDefined();
      expect(await read.mock.results[i]!.value).toBe(call[3]);
    }
  };

  it('asks with the turns kept here, which the statement then confirms', async () => {
    fake.setDefault({ tokens: ['答'] });
    const convId = await answeredConversation(admin);
    const read = vi.spyOn(MessageStore.prototype, 'turnsBeforeQuestion');
    const calls = modelCalls();
    for (const prompt of ['下一问', '再下一问']) {
      const answered = await ask(t, admin, 'chatgpt', chatgptAsk(prompt, { conv_id: convId }));
      expect(answered.status).toBe(200);
      expect(streamedText(answered.events)).toBe('答');
    }
    expect(read).not.toHaveBeenCalled();
    // Each call went through, never cancelled: the turns it started with were the turns stored.
    expect(calls).toHaveLength(2);
    expect(calls.every((c) => !c.aborted)).toBe(true);
    expect(lastSentTurns()).toEqual(['user:上一问', 'assistant:答', 'user:下一问', 'assistant:答', 'user:再下一问']);
  });

  it('asks the questions of a conversation created empty with the right turns', async () => {
    fake.setDefault({ tokens: ['答'] });
    const created = await api(t, admin, {
      method: 'POST',
      url: '/api/chatgpt/conversation/create',
      payload: { title: '新对话', model_type: 100, temperature: 1 },
    });
    const convId = body<{ conv_id: string }>(created).data.conv_id;
    const read = vi.spyOn(MessageStore.prototype, 'turnsBeforeQuestion');
    const calls = modelCalls();
    for (const prompt of ['第一问', '第二问']) {
      expect((await ask(t, admin, 'chatgpt', chatgptAsk(prompt, { conv_id: convId }))).status).toBe(200);
    }
    expect(read).not.toHaveBeenCalled();
    expect(calls).toHaveLength(2);
    expect(calls.every((c) => !c.aborted)).toBe(true);
    expect(lastSentTurns()).toEqual(['user:第一问', 'assistant:答', 'user:第二问']);
  });

  it('reads the turns first when this process does not know them, and the statement confirms them', async () => {
    fake.setDefault({ tokens: ['答'] });
    const convId = await answeredConversation(admin);
    unknownHere();
    const read = vi.spyOn(MessageStore.prototype, 'turnsBeforeQuestion');
    const calls = modelCalls();
    const answered = await ask(t, admin, 'chatgpt', chatgptAsk('下一问', { conv_id: convId }));
    expect(answered.status).toBe(200);
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0]![3]).toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.aborted).toBe(false);
    expect(lastSentTurns()).toEqual(['user:上一问', 'assistant:答', 'user:下一问']);
  });

  it('asks again with the stored turns when they differ from those read first', async () => {
    fake.setDefault({ tokens: ['答'] });
    const convId = await answeredConversation(admin);
    // As if another tab's question and answer were stored between the read and the statement.
    unknownHere();
    vi.spyOn(MessageStore.prototype, 'turnsBeforeQuestion').mockResolvedValueOnce([]);
    await expectAskedAgain(convId, '再问');
    expect(lastSentTurns()).toEqual(['user:上一问', 'assistant:答', 'user:再问']);
  });

  /** Rows this process did not store (written directly, as another replica or a restore would). */
  const storeBehindThisProcess = async (convId: string) => {
    const [me] = await t.app.db.select().from(users).where(eq(users.login, 'admin'));
    await t.app.db.insert(chatMessages).values(
      [
        ['user', '别处的问'],
        ['assistant', '别处的答'],
      ].map(([role, content], i) => ({
        id: `elsewhere-${convId}-${i}`,
        convId,
        userId: me!.id,
        role: role as 'user' | 'assistant',
        content: content!,
        status: 'done' as const,
      })),
    );
  };

  /** One call, not cancelled, asked with the turns stored behind this process and then '再问'. */
  const expectOneCallWithTurnsStoredElsewhere = (calls: AbortSignal[]) => {
    expect(calls).toHaveLength(1);
    expect(calls[0]!.aborted).toBe(false);
    expect(lastSentTurns()).toEqual([
      'user:上一问',
      'assistant:答',
      'user:别处的问',
      'assistant:别处的答',
      'user:再问',
    ]);
  };

  /** As while the other replicas' asks cannot be heard (the listening connection broke). */
  const untrusted = () => {
    const recentTurns = t.app.chat.recentTurns;
    recentTurns.trusted = false;
    return () => void (recentTurns.trusted = true);
  };

  it('confirms the turns kept here by digest while other replicas cannot be heard', async () => {
    fake.setDefault({ tokens: ['答'] });
    const convId = await answeredConversation(admin);
    const trustAgain = untrusted();
    try {
      const read = vi.spyOn(MessageStore.prototype, 'turnsBeforeQuestion');
      const calls = modelCalls();
      for (const prompt of ['下一问', '再下一问'])
        expect((await ask(t, admin, 'chatgpt', chatgptAsk(prompt, { conv_id: convId }))).status).toBe(200);
      expect(read).toHaveBeenCalledTimes(2);
      await expectConfirmedReads(read);
      expect(calls.every((c) => !c.aborted)).toBe(true);
    } finally {
      trustAgain();
    }
  });

  it('reads the stored turns first when the turns kept here went stale while other replicas could not be heard', async () => {
    fake.setDefault({ tokens: ['答'] });
    const convId = await answeredConversation(admin);
    await storeBehindThisProcess(convId);
    const trustAgain = untrusted();
    const read = vi.spyOn(MessageStore.prototype, 'turnsBeforeQuestion');
    const calls = modelCalls();
    const answered = await ask(t, admin, 'chatgpt', chatgptAsk('再问', { conv_id: convId })).finally(trustAgain);
    expect(answered.status).toBe(200);
    // The digest of the kept turns did not match: the stored ones came back, and the one call
    // asked with them.
    expect(read).toHaveBeenCalledTimes(1);
    expect(await read.mock.results[0]!.value).not.toBe(read.mock.calls[0]![3]);
    expectOneCallWithTurnsStoredElsewhere(calls);
  });

  it('asks again, and reads from then on, when the turns kept here went stale unheard', async () => {
    fake.setDefault({ tokens: ['答'] });
    const convId = await answeredConversation(admin);
    await storeBehindThisProcess(convId);
    const read = vi.spyOn(MessageStore.prototype, 'turnsBeforeQuestion');
    // The call made with the turns kept here is cancelled; the answer asks with the stored ones.
    const calls = await expectAskedAgain(convId, '再问');
    const stored = ['user:上一问', 'assistant:答', 'user:别处的问', 'assistant:别处的答', 'user:再问'];
    expect(lastSentTurns()).toEqual(stored);
    expect(read).not.toHaveBeenCalled();

    // What was kept is no longer trusted: the next follow-up reads its turns first.
    const next = await ask(t, admin, 'chatgpt', chatgptAsk('三问', { conv_id: convId }));
    expect(next.status).toBe(200);
    expect(read).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(3);
    expect(calls[2]!.aborted).toBe(false);
    expect(lastSentTurns()).toEqual([...stored, 'assistant:答', 'user:三问']);
  });

  /** Until the conversation's turns are no longer kept here (a notification takes a moment). */
  const untilForgotten = async (userId: number, convId: string) => {
    await vi.waitFor(() => expect(t.app.chat.recentTurns.before(userId, 'chatgpt', convId)).toBeUndefined(), {
      timeout: 10_000,
    });
  };

  const otherReplica = 'other-host:1:replica';

  /**
   * Another replica's ask, answered: the rows are stored under its name. Streamed, it takes the
   * answer's lease; asynchronous, it is announced (the answer's job may run anywhere).
   */
  const askElsewhere = async (userId: number, convId: string, transport: 'streamed' | 'asynchronous' = 'streamed') => {
    const stored = await askInOneStatement(t.app.db, {
      userId,
      module: 'chatgpt',
      limit: null,
      since: new Date(0),
      convId,
      title: '上一问',
      prompt: '别处的问',
      modelType: 100,
      temperature: 1,
      historyRows: HISTORY_ROWS,
      ...(transport === 'streamed'
        ? { claim: { store: 'chat', owner: otherReplica, host: 'other-host', pid: 1, leaseMs: 60_000 } }
        : { announceAs: otherReplica }),
    });
    if (stored.refused) throw new Error(`refused: ${stored.refused}`);
    await t.app.db
      .update(chatMessages)
      .set({ content: '别处的答', status: 'done' })
      .where(eq(chatMessages.id, stored.answer.id));
  };

  it.runIf(onPostgres).each(['streamed', 'asynchronous'] as const)(
    'forgets the turns kept here when another replica asks in the conversation (%s)',
    async (transport) => {
      fake.setDefault({ tokens: ['答'] });
      const convId = await answeredConversation(admin);
      const [me] = await t.app.db.select().from(users).where(eq(users.login, 'admin'));
      expect(t.app.chat.recentTurns.before(me!.id, 'chatgpt', convId)).toBeDefined();
      await askElsewhere(me!.id, convId, transport);
      await untilForgotten(me!.id, convId);

      // The next follow-up here reads the stored turns first, and its one call asks with them.
      const read = vi.spyOn(MessageStore.prototype, 'turnsBeforeQuestion');
      const calls = modelCalls();
      expect((await ask(t, admin, 'chatgpt', chatgptAsk('再问', { conv_id: convId }))).status).toBe(200);
      expect(read).toHaveBeenCalledTimes(1);
      expectOneCallWithTurnsStoredElsewhere(calls);
    },
  );

  it.runIf(onPostgres)('hears nothing of an asynchronous ask that was refused', async () => {
    fake.setDefault({ tokens: ['答'] });
    const convId = await answeredConversation(admin);
    const [me] = await t.app.db.select().from(users).where(eq(users.login, 'admin'));
    const [other] = await t.app.db.select().from(users).where(eq(users.login, 'staff'));
    // Another user's ask in this conversation is refused as gone, and stores nothing.
    await expect(askElsewhere(other!.id, convId, 'asynchronous')).rejects.toThrow('refused: gone');
    // Notifications arrive in the order of their commits: once a later one is heard, a
    // notification of the refused ask would have been heard too.
    const later = await answeredConversation(admin);
    await askElsewhere(me!.id, later, 'asynchronous');
    await untilForgotten(me!.id, later);
    expect(t.app.chat.recentTurns.before(me!.id, 'chatgpt', convId)).toBeDefined();
  });

  it.runIf(onPostgres)('announces its asynchronous asks in a conversation under its own name', async () => {
    fake.setDefault({ tokens: ['答'] });
    const convId = await answeredConversation(admin);
    const heard: string[] = [];
    const stop = await t.app.dbChanges.listen(TURNS_CHANNEL, {
      onMessage: (payload) => heard.push(payload),
      onLost: () => undefined,
      onResumed: () => undefined,
    });
    try {
      // ERNIE answers on /api/ernie through a job, polled: no lease is taken with the question.
      const asked = await api(t, admin, {
        method: 'POST',
        url: '/api/ernie/message/ask',
        payload: { prompt: '异步问', model_type: 200, temperature: 1, conv_id: convId },
      });
      expect(asked.statusCode).toBe(200);
      const me = t.app.services.answers.leases.claimantFor('chat').owner;
      await vi.waitFor(() => expect(heard).toContain(`${me} ${convId}`), { timeout: 10_000 });
      // The answer's job ends before the next test counts model calls.
      const { message_id } = body<{ message_id: string }>(asked).data;
      await vi.waitFor(
        async () => {
          const [row] = await t.app.db.select().from(chatMessages).where(eq(chatMessages.id, message_id));
          expect(row?.status).toBe('done');
        },
        { timeout: 10_000 },
      );
    } finally {
      await stop();
    }
  });

  it.runIf(onPostgres)('keeps the turns kept here when it hears of its own asks', async () => {
    fake.setDefault({ tokens: ['答'] });
    const convId = await answeredConversation(admin);
    expect((await ask(t, admin, 'chatgpt', chatgptAsk('下一问', { conv_id: convId }))).status).toBe(200);
    // Notifications arrive in the order of their commits: once another replica's later ask is
    // heard, the notification of the follow-up above has been heard too.
    const [me] = await t.app.db.select().from(users).where(eq(users.login, 'admin'));
    const later = await answeredConversation(admin);
    await askElsewhere(me!.id, later);
    await untilForgotten(me!.id, later);
    expect(t.app.chat.recentTurns.before(me!.id, 'chatgpt', convId)).toEqual([
      { role: 'user', content: '上一问' },
      { role: 'assistant', content: '答' },
      { role: 'user', content: '下一问' },
      { role: 'assistant', content: '答' },
    ]);
  });

  it.runIf(onPostgres)('forgets the turns kept here when rows of the conversation are deleted elsewhere', async () => {
    fake.setDefault({ tokens: ['答'] });
    const convId = await answeredConversation(admin);
    const [me] = await t.app.db.select().from(users).where(eq(users.login, 'admin'));
    expect(t.app.chat.recentTurns.before(me!.id, 'chatgpt', convId)).toBeDefined();
    // As another replica regenerating: the answer's row is deleted.
    await t.app.db.delete(chatMessages).where(and(eq(chatMessages.convId, convId), eq(chatMessages.role, 'assistant')));
    await untilForgotten(me!.id, convId);
  });

  it('makes no model call for a deleted conversation', async () => {
    fake.setDefault({ tokens: ['答'] });
    const convId = await answeredConversation(admin);
    const removed = await api(t, admin, {
      method: 'POST',
      url: '/api/chatgpt/conversation/delete',
      payload: { conv_id: convId, type: 2 },
    });
    expect(removed.statusCode).toBe(200);
    const calls = modelCalls();
    const refused = await ask(t, admin, 'chatgpt', chatgptAsk('还在吗', { conv_id: convId }));
    expect(refused.json?.code).toBe(4000);
    expect(calls).toHaveLength(0);
  });

  it('makes no model call for a conversation of another user', async () => {
    fake.setDefault({ tokens: ['答'] });
    const convId = await answeredConversation(admin);
    // The staff user's quota is known to have room, so only the ownership check stops the call.
    await ask(t, staff, 'chatgpt', chatgptAsk('自己的'));
    const calls = modelCalls();
    const refused = await ask(t, staff, 'chatgpt', chatgptAsk('偷看', { conv_id: convId }));
    expect(refused.json?.code).toBe(4000);
    expect(calls).toHaveLength(0);
  });
});
