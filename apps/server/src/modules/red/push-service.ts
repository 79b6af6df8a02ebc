import { timingSafeEqual, createHash } from 'node:crypto';
import type { RedPushResult } from '@portal/contract';
import type { Db } from '../../db/client';
import type { RedConfig } from './config';
import type { DictionaryStore } from './dictionary-store';
import { parseNoteRow, rowMessage, type NoteInput } from './import/note-row';
import { writeNotes } from './note-writer';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Notes pushed by a configured source, authenticated by that source's own key (not a user token). */
export class PushService {
  constructor(
    private readonly db: Db,
    private readonly dictionary: DictionaryStore,
    private readonly sources: RedConfig['push_sources'],
  ) {}

  /** Compares digests in constant time, so the key is not guessed a character at a time. */
  keyMatches(source: string, key: string | undefined): boolean {
    const configured = this.sources.find((s) => s.source === source);
    if (!configured || !key) return false;
    return timingSafeEqual(digest(configured.key), digest(key));
  }

  async push(source: string, records: Record<string, unknown>[]): Promise<RedPushResult> {
    const errors: RedPushResult['errors'] = [];
    const notes: NoteInput[] = [];
    records.forEach((record, i) => {
      const parsed = parseNoteRow(record);
      if (parsed.ok) notes.push(parsed.note);
      else errors.push({ row: i + 1, message: rowMessage(i + 1, parsed.message, '条') });
    });
    const written = await writeNotes(this.db, notes, await this.dictionary.matcher(), { source });
    return { ...written, errors };
  }
}
