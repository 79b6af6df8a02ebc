import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatUsage, conversations, generations, users } from '../../src/db/schema';
import { askInOneStatement, type AskStatementInput } from '../../src/modules/chat/ask-statement';
import { regenerateInOneStatement, type RegenerateStatementInput } from '../../src/modules/chat/regenerate-statement';
import type { TestApp } from '../helper';
import { buildChatApp, tokenFor } from './helpers';

let t: TestApp;
let userId: number;
let otherId: number;
const claim = { store: 'chat', owner: 'test-host:1:abcd', host: 'test-host', pid: 1, leaseMs: 60_000 };

beforeAll(async () => {
  t = await buildChatApp();
  await tokenFor(t, 'admin');
  await tokenFor(t, 'staff');
  const byLogin = async (login: string) =>
    (await t.app.db.select({ id: users.id }).from(users).where(eq(users.login, login)))[0]!.id;
  userId = await byLogin('admin');
  otherId = await byLogin('staff');
});
afterAll(async () => {
  await t?.close();
});

function input(extra: Partial<AskStatementInput> = {}): AskStatementInput {
  return {
    userId,
    module: 'chatgpt',
    limit: null,
    since: new Date(Date.now() - 60_000),
    title: 'title',
    prompt: 'question',
    modelType: 100,
    temperature: 1,
    historyRows: 20,
    ...extra,
  };
}

async function leaseOf(messageId: string) {
  const [row] = await t.app.db.select().from(generations).where(eq(generations.messageId, messageId));
  return row;
}

describe('the prepare statement of a chat question', () => {
  it('takes the answer’s generation lease with the rows it stores when asked to', async () => {
    const before = Date.now();
    const stored = await askInOneStatement(t.app.db, input({ claim }));
    if (stored.refused) throw new Error(`refused: ${stored.refused}`);
    const lease = await leaseOf(stored.answer.id);
    expect(lease).toMatchObject({
      store: 'chat',
      owner: claim.owner,
      ownerHost: claim.host,
      ownerPid: claim.pid,
      stopRequested: false,
    });
    expect(lease!.leaseUntil.getTime()).toBeGreaterThan(before + 30_000);
    expect(await leaseOf(stored.question.id)).toBeUndefined();
  });

  it('leaves the lease to the answer’s job without a claim', async () => {
    const stored = await askInOneStatement(t.app.db, input());
    if (stored.refused) throw new Error(`refused: ${stored.refused}`);
    expect(stored.answer.status).toBe('generating');
    expect(await leaseOf(stored.answer.id)).toBeUndefined();
  });

  it('takes no lease and stores nothing when it refuses', async () => {
    const countMessages = async () => (await t.app.db.select({ id: chatMessages.id }).from(chatMessages)).length;
    const countLeases = async () => (await t.app.db.select({ id: generations.messageId }).from(generations)).length;
    const [messages, leases] = [await countMessages(), await countLeases()];

    expect(await askInOneStatement(t.app.db, input({ claim, limit: 0 }))).toEqual({ refused: 'quota' });
    const theirs = await askInOneStatement(t.app.db, input({ userId: otherId }));
    if (theirs.refused) throw new Error(`refused: ${theirs.refused}`);
    const gone = await askInOneStatement(t.app.db, input({ claim, convId: theirs.conversation.id }));
    expect(gone).toEqual({ refused: 'gone' });

    expect(await countMessages()).toBe(messages + 2);
    expect(await countLeases()).toBe(leases);
  });
});

describe('a follow-up whose turns the server expects', () => {
  // Multi-byte text, an emoji outside the basic plane, separators inside the content: the digest
  // counts bytes as the database does, and turns cannot run into one another.
  const answerText = '第一个回答 🚀 user:3:abc';

  async function conversationWithOneAnswer() {
    const first = await askInOneStatement(t.app.db, input({ claim, prompt: '你好 ✨' }));
    if (first.refused) throw new Error(`refused: ${first.refused}`);
    await t.app.db
      .update(chatMessages)
      .set({ content: answerText, status: 'done' })
      .where(eq(chatMessages.id, first.answer.id));
    return first.conversation.id;
  }

  it('gets no history back when the stored turns are the expected ones', async () => {
    const convId = await conversationWithOneAnswer();
    const expectedTurns = [
      { role: 'user' as const, content: '你好 ✨' },
      { role: 'assistant' as const, content: answerText },
      { role: 'user' as const, content: 'next' },
    ];
    const stored = await askInOneStatement(t.app.db, input({ claim, convId, prompt: 'next', expectedTurns }));
    if (stored.refused) throw new Error(`refused: ${stored.refused}`);
    // The very array the call asked with: the statement sent no turns back.
    expect(stored.history).toBe(expectedTurns);
  });

  it('gets the stored turns back when they differ from the expected ones', async () => {
    const convId = await conversationWithOneAnswer();
    const stale = [
      { role: 'user' as const, content: '你好 ✨' },
      { role: 'assistant' as const, content: `${answerText} (an older draft)` },
      { role: 'user' as const, content: 'next' },
    ];
    const stored = await askInOneStatement(t.app.db, input({ claim, convId, prompt: 'next', expectedTurns: stale }));
    if (stored.refused) throw new Error(`refused: ${stored.refused}`);
    expect(stored.history).not.toBe(stale);
    expect(stored.history).toEqual([
      { role: 'user', content: '你好 ✨' },
      { role: 'assistant', content: answerText },
      { role: 'user', content: 'next' },
    ]);
  });

  it('counts an empty answer out of the turns, as the history does', async () => {
    const first = await askInOneStatement(t.app.db, input({ claim, prompt: 'one' }));
    if (first.refused) throw new Error(`refused: ${first.refused}`);
    const convId = first.conversation.id;
    const expectedTurns = [
      { role: 'user' as const, content: 'one' },
      { role: 'user' as const, content: 'two' },
    ];
    const stored = await askInOneStatement(t.app.db, input({ claim, convId, prompt: 'two', expectedTurns }));
    if (stored.refused) throw new Error(`refused: ${stored.refused}`);
    expect(stored.history).toBe(expectedTurns);
  });
});

describe('regenerating an answer through the same rules', () => {
  function again(extra: Partial<RegenerateStatementInput> = {}): RegenerateStatementInput {
    const { title: _title, prompt: _prompt, ...common } = input();
    return { ...common, convId: undefined, ...extra };
  }
  const rowsOf = async (convId: string) =>
    (
      await t.app.db.select().from(chatMessages).where(eq(chatMessages.convId, convId)).orderBy(asc(chatMessages.seq))
    ).map((r) => [r.role, r.content, r.status]);
  const asksOf = async (convId: string) =>
    (await t.app.db.select().from(chatUsage).where(eq(chatUsage.convId, convId))).length;

  it('refuses in the order of the checks, storing nothing', async () => {
    const theirs = await askInOneStatement(t.app.db, input({ userId: otherId }));
    if (theirs.refused) throw new Error(`refused: ${theirs.refused}`);
    const empty = await t.app.chat.conversations.create(userId, 'chatgpt', { modelType: 100, temperature: 1 });
    expect(await regenerateInOneStatement(t.app.db, again({ limit: 0, convId: theirs.conversation.id }))).toEqual({
      refused: 'quota',
    });
    expect(await regenerateInOneStatement(t.app.db, again())).toEqual({ refused: 'no_conversation' });
    expect(await regenerateInOneStatement(t.app.db, again({ convId: theirs.conversation.id }))).toEqual({
      refused: 'gone',
    });
    expect(await regenerateInOneStatement(t.app.db, again({ convId: empty.id }))).toEqual({ refused: 'no_question' });
    expect(await rowsOf(theirs.conversation.id)).toEqual([
      ['user', 'question', 'done'],
      ['assistant', '', 'generating'],
    ]);
  });

  it('answers the last question until it is named, then replaces its answers, counts the ask and titles', async () => {
    const first = await askInOneStatement(t.app.db, input({ prompt: 'first question' }));
    if (first.refused) throw new Error(`refused: ${first.refused}`);
    const convId = first.conversation.id;
    await t.app.db
      .update(chatMessages)
      .set({ content: 'an answer', status: 'done' })
      .where(eq(chatMessages.id, first.answer.id));
    // A title still made up (as an empty conversation's is) is given by the question asked again.
    await t.app.db.update(conversations).set({ autoTitle: true }).where(eq(conversations.id, convId));

    const unconfirmed = await regenerateInOneStatement(t.app.db, again({ convId }));
    if (unconfirmed.refused !== 'unconfirmed') throw new Error(`not unconfirmed: ${unconfirmed.refused}`);
    expect(unconfirmed.question.id).toBe(first.question.id);
    const stale = await regenerateInOneStatement(
      t.app.db,
      again({ convId, confirmed: { questionId: first.answer.id, title: 'stale' } }),
    );
    expect(stale.refused).toBe('unconfirmed');
    expect(await rowsOf(convId)).toEqual([
      ['user', 'first question', 'done'],
      ['assistant', 'an answer', 'done'],
    ]);
    expect(await asksOf(convId)).toBe(1);

    const confirmed = { questionId: first.question.id, title: 'first question' };
    const stored = await regenerateInOneStatement(t.app.db, again({ convId, confirmed, temperature: 0.5 }));
    if (stored.refused) throw new Error(`refused: ${stored.refused}`);
    expect(stored.question.id).toBe(first.question.id);
    expect(stored.history).toEqual([{ role: 'user', content: 'first question' }]);
    expect(stored.titled).toBe(true);
    expect(stored.conversation).toMatchObject({
      title: 'first question',
      autoTitle: false,
      lastPromptTemperature: 0.5,
    });
    expect(await rowsOf(convId)).toEqual([
      ['user', 'first question', 'done'],
      ['assistant', '', 'generating'],
    ]);
    expect(stored.answer).toMatchObject({ role: 'assistant', status: 'generating', temperature: 0.5 });
    expect(await asksOf(convId)).toBe(2);
  });
});
