import { describe, expect, it } from 'vitest';
import { RecentTurns } from '../../src/modules/chat/recent-turns';
import type { ChatTurn } from '../../src/services/llm';

const user = (content: string) => ({ role: 'user' as const, content });
const assistant = (content: string) => ({ role: 'assistant' as const, content });

/** User 1 asks `question` in chatgpt conversation `convId`, stored with `storedTurns`, and it is answered. */
function exchange(
  recent: RecentTurns,
  convId: string,
  question: string,
  storedTurns: ChatTurn[] | undefined,
  answer: string,
  now?: number,
): void {
  const answerId = `${convId}/${question}`;
  recent.asked(1, 'chatgpt', convId, user(question), answerId, storedTurns, now);
  recent.answered(1, 'chatgpt', convId, answerId, answer, now);
}

describe('RecentTurns', () => {
  it('knows a conversation begun here once its answer is done, and not while it is generated', () => {
    const recent = new RecentTurns(200);
    recent.asked(1, 'chatgpt', 'c1', user('问'), 'a1', undefined);
    expect(recent.before(1, 'chatgpt', 'c1')).toBeUndefined();
    recent.answered(1, 'chatgpt', 'c1', 'a1', '答');
    expect(recent.before(1, 'chatgpt', 'c1')).toEqual([user('问'), assistant('答')]);
  });

  it('knows a conversation created empty, and follows it when the statement confirms the turns', () => {
    const recent = new RecentTurns(200);
    recent.created(1, 'chatgpt', 'c');
    expect(recent.before(1, 'chatgpt', 'c')).toEqual([]);
    exchange(recent, 'c', '问', [user('问')], '答');
    expect(recent.before(1, 'chatgpt', 'c')).toEqual([user('问'), assistant('答')]);
  });

  it('belongs to one user and module', () => {
    const recent = new RecentTurns(200);
    exchange(recent, 'c1', '问', undefined, '答');
    expect(recent.before(2, 'chatgpt', 'c1')).toBeUndefined();
    expect(recent.before(1, 'deepseek', 'c1')).toBeUndefined();
  });

  it('slides the window as the statement does, counting empty answers as rows', () => {
    // A window of four rows: the question takes the last place, so three rows come before it.
    const recent = new RecentTurns(4);
    exchange(recent, 'c', 'q1', undefined, ''); // an answer that ended without text
    // The statement leaves the empty answer out of the turns it returns.
    exchange(recent, 'c', 'q2', [user('q1'), user('q2')], 'a2 text');
    // Rows: q1, (empty), q2, a2 text. The last three before a new question: (empty), q2, a2 text.
    expect(recent.before(1, 'chatgpt', 'c')).toEqual([user('q2'), assistant('a2 text')]);
  });

  it('takes a window from the statement only when it is full, since a shorter one may hide empty rows', () => {
    const recent = new RecentTurns(3);
    exchange(recent, 'c', 'q2', [user('q1'), user('q2')], 'x');
    expect(recent.before(1, 'chatgpt', 'c')).toBeUndefined();

    exchange(recent, 'c', 'q2', [user('q1'), assistant('a1'), user('q2')], 'a2 text');
    expect(recent.before(1, 'chatgpt', 'c')).toEqual([user('q2'), assistant('a2 text')]);
  });

  it('drops what it kept when a question was stored with turns it did not predict', () => {
    const recent = new RecentTurns(200);
    exchange(recent, 'c', 'q1', undefined, 'x');
    // Rows were written behind this process's back: the stored turns hold them too.
    exchange(recent, 'c', 'q2', [user('q1'), assistant('x'), user('there'), assistant('y'), user('q2')], 'z');
    expect(recent.before(1, 'chatgpt', 'c')).toBeUndefined();
  });

  it('ignores the end of an answer it is not waiting for, and forgets on request', () => {
    const recent = new RecentTurns(200);
    recent.asked(1, 'chatgpt', 'c', user('q1'), 'a1', undefined);
    recent.answered(1, 'chatgpt', 'c', 'other', 'x');
    expect(recent.before(1, 'chatgpt', 'c')).toBeUndefined();
    recent.answered(1, 'chatgpt', 'c', 'a1', 'x');
    recent.forget(1, 'chatgpt', 'c');
    expect(recent.before(1, 'chatgpt', 'c')).toBeUndefined();
  });

  it('lets old entries go, and the least recently asked first when text exceeds its budget', () => {
    const recent = new RecentTurns(200);
    const now = 1_000_000;
    exchange(recent, 'old', 'q', undefined, 'x', now);
    expect(recent.before(1, 'chatgpt', 'old', now + 31 * 60_000)).toBeUndefined();

    // 4,000,000 characters in all; entries of 300,001 each: the 14th pushes out the first.
    const big = 'x'.repeat(300_000);
    for (let i = 0; i < 14; i++) {
      exchange(recent, `c${i}`, 'q', undefined, big, now);
    }
    expect(recent.before(1, 'chatgpt', 'c0', now)).toBeUndefined();
    expect(recent.before(1, 'chatgpt', 'c1', now)).toHaveLength(2);
    expect(recent.before(1, 'chatgpt', 'c13', now)).toHaveLength(2);
    // A conversation too long to keep at all is read each time.
    exchange(recent, 'huge', 'q', undefined, 'y'.repeat(500_000), now);
    expect(recent.before(1, 'chatgpt', 'huge', now)).toBeUndefined();
  });
});
