import type { ChatModule } from '@portal/contract';
import type { ChatTurn } from '../../services/llm';

/** Characters of conversation text one process keeps here at most; the oldest entries go first. */
const MAX_CHARS = 4_000_000;
/** A conversation longer than this is read from the database each time. */
const MAX_ENTRY_CHARS = 400_000;
/** An entry left alone this long is dropped when next met: the user has likely moved on. */
const MAX_AGE_MS = 30 * 60_000;

/** A stored message as the history sees it; an empty one still takes its place in the window. */
type Row = ChatTurn;

/** Whether two histories hold the same turns. */
export function sameTurns(a: readonly ChatTurn[], b: readonly ChatTurn[]): boolean {
  if (a === b) return true;
  return a.length === b.length && a.every((turn, i) => turn.role === b[i]!.role && turn.content === b[i]!.content);
}

/** The turns a model is sent for these rows (and a question after them): empty ones are left out. */
function turnsOf(rows: readonly Row[], question?: Row): ChatTurn[] {
  const turns = rows.filter((row) => row.content.length > 0);
  return question ? [...turns, question] : turns;
}

interface Entry {
  /** Exactly the conversation's last rows, up to the window's size, oldest first. */
  rows: Row[];
  chars: number;
  /** The answer being generated: the entry stands for nothing until it ends. */
  pendingAnswer?: string;
  touchedAt: number;
}

/**
 * The latest turns of conversations that were asked in this process, so that a follow-up's model
 * call can start without reading them first (EarlyGeneration); that read was the largest part of a
 * follow-up's server overhead.
 *
 * Only a guess: the statement that stores the question compares the turns stored with those the
 * call asked with, and a call that asked with other turns (another tab asked meanwhile, rows were
 * written by other means) is cancelled and asked again (ask-service.ts). What is kept is exact
 * when it is kept at all: the rows of the history window (HISTORY_ROWS, empty answers included,
 * since they take a place in it) from the conversation's creation here (by the create call or its
 * first question), or from a window the statement returned full. An entry belongs to one user and
 * module, filled only from that user's own created conversations and stored questions, so it never
 * starts a call for a conversation of someone else.
 *
 * Where this process is the database's only writer (the embedded engine) what is kept is used as
 * it is. Beside replicas it could go stale (another replica asked in the conversation): every
 * streamed ask in an existing conversation notifies the replicas (migration 0009, turns-feed.ts),
 * and a replica that hears of one forgets the conversation's entry. While the notifications are
 * not heard (the listening connection broke) nothing kept is trusted: a follow-up first sends the
 * digest of its kept turns to the database and reads the turns only when they differ
 * (message-store.ts). After a restart the turns are read first.
 */
export class RecentTurns {
  private readonly entries = new Map<string, Entry>();
  /** The key of each conversation's entry: a notification names the conversation only. */
  private readonly keyOfConv = new Map<string, string>();
  private chars = 0;
  /**
   * What is kept may be used without confirming it: no other process writes the database, or the
   * other replicas' asks are being heard (turns-feed.ts).
   */
  trusted = false;

  constructor(private readonly windowRows: number) {}

  private static key(userId: number, module: ChatModule, convId: string): string {
    return `${userId}:${module}:${convId}`;
  }

  /** The conversation of a key: after the user and the module, which hold no colon. */
  private static convOf(key: string): string {
    return key.slice(key.indexOf(':', key.indexOf(':') + 1) + 1);
  }

  /** Another process asked in the conversation, whoever its user is. */
  forgetConversation(convId: string): void {
    const key = this.keyOfConv.get(convId);
    if (key) this.drop(key);
  }

  /** Nothing kept can be trusted any more (notifications were missed). */
  forgetAll(): void {
    this.entries.clear();
    this.keyOfConv.clear();
    this.chars = 0;
  }

  /** The turns before a follow-up question, when they are known here and no answer is pending. */
  before(userId: number, module: ChatModule, convId: string, now = Date.now()): ChatTurn[] | undefined {
    const key = RecentTurns.key(userId, module, convId);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.touchedAt > MAX_AGE_MS) {
      this.drop(key);
      return undefined;
    }
    if (entry.pendingAnswer) return undefined;
    return turnsOf(this.window(entry.rows));
  }

  /** The rows before a new question that stay in its window: the question takes the last place. */
  private window(rows: Row[]): Row[] {
    return rows.slice(-(this.windowRows - 1));
  }

  /** A conversation was created without messages: its window is known, and empty. */
  created(userId: number, module: ChatModule, convId: string, now = Date.now()): void {
    this.put(RecentTurns.key(userId, module, convId), [], undefined, now);
  }

  /**
   * A question was stored with its empty answer, and `storedTurns` are the turns the statement
   * returned with it (undefined for a conversation the statement created).
   */
  asked(
    userId: number,
    module: ChatModule,
    convId: string,
    question: Row,
    answerId: string,
    storedTurns: ChatTurn[] | undefined,
    now = Date.now(),
  ): void {
    const key = RecentTurns.key(userId, module, convId);
    const known = this.entries.get(key);
    let rows: Row[] | undefined;
    if (!storedTurns) rows = [question];
    else if (known && !known.pendingAnswer && sameTurns(turnsOf(this.window(known.rows), question), storedTurns))
      rows = [...known.rows, question];
    // A full window without empty rows is known exactly; anything shorter may hide empty rows.
    else if (storedTurns.length === this.windowRows) rows = storedTurns.slice();
    this.drop(key);
    if (rows) this.put(key, rows, answerId, now);
  }

  /** The answer ended as done, with this content: the entry stands again. */
  answered(
    userId: number,
    module: ChatModule,
    convId: string,
    answerId: string,
    content: string,
    now = Date.now(),
  ): void {
    const key = RecentTurns.key(userId, module, convId);
    const entry = this.entries.get(key);
    if (!entry || entry.pendingAnswer !== answerId) return;
    this.drop(key);
    this.put(key, [...entry.rows, { role: 'assistant', content }], undefined, now);
  }

  /** The conversation changed in a way not followed here (stopped, failed, regenerated, deleted). */
  forget(userId: number, module: ChatModule, convId: string): void {
    this.drop(RecentTurns.key(userId, module, convId));
  }

  private put(key: string, all: Row[], pendingAnswer: string | undefined, now: number): void {
    const rows = all.length > this.windowRows ? all.slice(-this.windowRows) : all;
    const chars = rows.reduce((sum, row) => sum + row.content.length, 0);
    if (chars > MAX_ENTRY_CHARS) return;
    // Map order is insertion order: the first entries are the least recently used.
    for (const [oldest] of this.entries) {
      if (this.chars + chars <= MAX_CHARS) break;
      this.drop(oldest);
    }
    this.entries.set(key, { rows, chars, pendingAnswer, touchedAt: now });
    this.keyOfConv.set(RecentTurns.convOf(key), key);
    this.chars += chars;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.chars -= entry.chars;
    this.entries.delete(key);
    this.keyOfConv.delete(RecentTurns.convOf(key));
  }
}
