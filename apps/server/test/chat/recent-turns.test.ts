import { describe, expect, it } from 'vitest';
import { RecentTurns } from '../../src/modules/chat/recent-turns';

const user = (content: string) => ({ role: 'user' as const, content });
const assistant = (content: string) => ({ role: 'assistant' as const, content });

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
    recent.asked(1, 'chatgpt', 'c', user('问'), 'a1', [user('问')]);
    recent.answered(1, 'chatgpt', 'c', 'a1', '答');
    expect(recent.before(1, 'chatgpt', 'c')).toEqual([user('问'), assistant('答')]);
  });

  it('belongs to one user and module', () => {
    const recent = new RecentTurns(200);
    recent.asked(1, 'chatgpt', 'c1', user('问'), 'a1', undefined);
    recent.answered(1, 'chatgpt', 'c1', 'a1', '答');
    expect(recent.before(2, 'chatgpt', 'c1')).toBeUndefined();
    expect(recent.before(1, 'deepseek', 'c1')).toBeUndefined();
  });

  it('slides the window as the statement does, counting empty answers as rows', () => {
    // A window of four rows: the question takes the last place, so three rows come before it.
    const recent = new RecentTurns(4);
    recent.asked(1, 'chatgpt', 'c', user('q1'), 'a1', undefined);
    recent.answered(1, 'chatgpt', 'c', 'a1', ''); // an answer that ended without text
    // The statement leaves the empty answer out of the turns it returns.
    recent.asked(1, 'chatgpt', 'c', user('q2'), 'a2', [user('q1'), user('q2')]);
    recent.answered(1, 'chatgpt', 'c', 'a2', 'a2 text');
    // Rows: q1, (empty), q2, a2 text. The last three before a new question: (empty), q2, a2 text.
    expect(recent.before(1, 'chatgpt', 'c')).toEqual([user('q2'), assistant('a2 text')]);
  });

  it('takes a window from the statement only when it is full, since a shorter one may hide empty rows', () => {
    const recent = new RecentTurns(3);
    recent.asked(1, 'chatgpt', 'c', user('q2'), 'a2', [user('q1'), user('q2')]);
    recent.answered(1, 'chatgpt', 'c', 'a2', 'x');
    expect(recent.before(1, 'chatgpt', 'c')).toBeUndefined();

    recent.asked(1, 'chatgpt', 'c', user('q2'), 'a2', [user('q1'), assistant('a1'), user('q2')]);
    recent.answered(1, 'chatgpt', 'c', 'a2', 'a2 text');
    expect(recent.before(1, 'chatgpt', 'c')).toEqual([user('q2'), assistant('a2 text')]);
  });

  it('drops what it kept when a question was stored with turns it did not predict', () => {
    const recent = new RecentTurns(200);
    recent.asked(1, 'chatgpt', 'c', user('q1'), 'a1', undefined);
    recent.answered(1, 'chatgpt', 'c', 'a1', 'x');
    // Another replica asked in between: the stored turns hold its question and answer too.
    recent.asked(1, 'chatgpt', 'c', user('q2'), 'a2', [
      user('q1'),
      assistant('x'),
      user('there'),
      assistant('y'),
      user('q2'),
    ]);
    recent.answered(1, 'chatgpt', 'c', 'a2', 'z');
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
    recent.asked(1, 'chatgpt', 'old', user('q'), 'a', undefined, now);
    recent.answered(1, 'chatgpt', 'old', 'a', 'x', now);
    expect(recent.before(1, 'chatgpt', 'old', now + 31 * 60_000)).toBeUndefined();

    // 4,000,000 characters in all; entries of 300,001 each: the 14th pushes out the first.
    const big = 'x'.repeat(300_000);
    for (let i = 0; i < 14; i++) {
      recent.asked(1, 'chatgpt', `c${i}`, user('q'), `a${i}`, undefined, now);
      recent.answered(1, 'chatgpt', `c${i}`, `a${i}`, big, now);
    }
    expect(recent.before(1, 'chatgpt', 'c0', now)).toBeUndefined();
    expect(recent.before(1, 'chatgpt', 'c1', now)).toHaveLength(2);
    expect(recent.before(1, 'chatgpt', 'c13', now)).toHaveLength(2);
    // A conversation too long to keep at all is read each time.
    recent.asked(1, 'chatgpt', 'huge', user('q'), 'h', undefined, now);
    recent.answered(1, 'chatgpt', 'huge', 'h', 'y'.repeat(500_000), now);
    expect(recent.before(1, 'chatgpt', 'huge', now)).toBeUndefined();
  });
});
