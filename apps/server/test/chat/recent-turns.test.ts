import { describe, expect, it } from 'vitest';
import { RecentTurns } from '../../src/modules/chat/recent-turns';

const turn = (role: 'user' | 'assistant', content: string) => ({ role, content });
const fresh = { newConversation: true, matchedEarly: false };
const followUp = { newConversation: false, matchedEarly: true };

describe('RecentTurns', () => {
  it('knows a conversation begun here once its answer is done, and not while it is generated', () => {
    const recent = new RecentTurns(200);
    recent.asked(1, 'chatgpt', 'c1', '问', 'a1', fresh);
    expect(recent.before(1, 'chatgpt', 'c1')).toBeUndefined();
    recent.answered(1, 'chatgpt', 'c1', 'a1', '答');
    expect(recent.before(1, 'chatgpt', 'c1')).toEqual([turn('user', '问'), turn('assistant', '答')]);
  });

  it('belongs to one user and module', () => {
    const recent = new RecentTurns(200);
    recent.asked(1, 'chatgpt', 'c1', '问', 'a1', fresh);
    recent.answered(1, 'chatgpt', 'c1', 'a1', '答');
    expect(recent.before(2, 'chatgpt', 'c1')).toBeUndefined();
    expect(recent.before(1, 'deepseek', 'c1')).toBeUndefined();
  });

  it('slides the window as the statement does, counting empty answers as rows', () => {
    // A window of four rows: the question takes the last place, so three rows come before it.
    const recent = new RecentTurns(4);
    recent.asked(1, 'chatgpt', 'c', 'q1', 'a1', fresh);
    recent.answered(1, 'chatgpt', 'c', 'a1', ''); // an answer that ended without text
    recent.asked(1, 'chatgpt', 'c', 'q2', 'a2', followUp);
    recent.answered(1, 'chatgpt', 'c', 'a2', 'a2 text');
    // Rows: q1, (empty), q2, a2 text. The last three before a new question: (empty), q2, a2 text.
    expect(recent.before(1, 'chatgpt', 'c')).toEqual([turn('user', 'q2'), turn('assistant', 'a2 text')]);
  });

  it('takes a window from the statement only when it is full, since a shorter one may hide empty rows', () => {
    const recent = new RecentTurns(3);
    const short = [turn('user', 'q1'), turn('user', 'q2')];
    recent.asked(1, 'chatgpt', 'c', 'q2', 'a2', { newConversation: false, turns: short, matchedEarly: false });
    recent.answered(1, 'chatgpt', 'c', 'a2', 'x');
    expect(recent.before(1, 'chatgpt', 'c')).toBeUndefined();

    const full = [turn('user', 'q1'), turn('assistant', 'a1'), turn('user', 'q2')];
    recent.asked(1, 'chatgpt', 'c', 'q2', 'a2', { newConversation: false, turns: full, matchedEarly: false });
    recent.answered(1, 'chatgpt', 'c', 'a2', 'a2 text');
    expect(recent.before(1, 'chatgpt', 'c')).toEqual([turn('user', 'q2'), turn('assistant', 'a2 text')]);
  });

  it('drops what it kept when a question was stored with turns it did not predict', () => {
    const recent = new RecentTurns(200);
    recent.asked(1, 'chatgpt', 'c', 'q1', 'a1', fresh);
    recent.answered(1, 'chatgpt', 'c', 'a1', 'x');
    recent.asked(1, 'chatgpt', 'c', 'q2', 'a2', { newConversation: false, turns: [], matchedEarly: false });
    recent.answered(1, 'chatgpt', 'c', 'a2', 'y');
    expect(recent.before(1, 'chatgpt', 'c')).toBeUndefined();
  });

  it('ignores the end of an answer it is not waiting for, and forgets on request', () => {
    const recent = new RecentTurns(200);
    recent.asked(1, 'chatgpt', 'c', 'q1', 'a1', fresh);
    recent.answered(1, 'chatgpt', 'c', 'other', 'x');
    expect(recent.before(1, 'chatgpt', 'c')).toBeUndefined();
    recent.answered(1, 'chatgpt', 'c', 'a1', 'x');
    recent.forget(1, 'chatgpt', 'c');
    expect(recent.before(1, 'chatgpt', 'c')).toBeUndefined();
  });

  it('lets old entries go, and the least recently asked first when text exceeds its budget', () => {
    const recent = new RecentTurns(200);
    const now = 1_000_000;
    recent.asked(1, 'chatgpt', 'old', 'q', 'a', fresh, now);
    recent.answered(1, 'chatgpt', 'old', 'a', 'x', now);
    expect(recent.before(1, 'chatgpt', 'old', now + 31 * 60_000)).toBeUndefined();

    // 4,000,000 characters in all; entries of 300,000 each: the 14th pushes out the first.
    const big = 'x'.repeat(300_000);
    for (let i = 0; i < 14; i++) {
      recent.asked(1, 'chatgpt', `c${i}`, 'q', `a${i}`, fresh, now);
      recent.answered(1, 'chatgpt', `c${i}`, `a${i}`, big, now);
    }
    expect(recent.before(1, 'chatgpt', 'c0', now)).toBeUndefined();
    expect(recent.before(1, 'chatgpt', 'c1', now)).toHaveLength(2);
    expect(recent.before(1, 'chatgpt', 'c13', now)).toHaveLength(2);
    // A conversation too long to keep at all is read each time.
    recent.asked(1, 'chatgpt', 'huge', 'q', 'h', fresh, now);
    recent.answered(1, 'chatgpt', 'huge', 'h', 'y'.repeat(500_000), now);
    expect(recent.before(1, 'chatgpt', 'huge', now)).toBeUndefined();
  });
});
