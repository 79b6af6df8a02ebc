import type { RedModelAnalysis } from '@portal/contract';
import { asc, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { redNotes } from '../../db/schema';
import { rows } from '../../lib/sql-rows';
import type { JobQueue } from '../../services/jobs';
import { ANALYSIS_VERSION, analyseNote } from './analysis/analyse-note';
import { withModelVerdict } from './analysis/model-verdict';
import { SCENE_GROUPS } from './analysis/scenes';
import { countNotes } from './daily-aggregates';
import type { DictionaryStore } from './dictionary-store';

export const RED_REANALYSE_JOB = 'red.reanalyse';
const VERSION_KEY = 'red.analysis_version';
const BATCH = 500;

/**
 * Analyses the stored notes again when the offline analysis changed (a new ANALYSIS_VERSION: the
 * lexicon, its rules, the scenes): sentiment, sentences, scenes and keywords are replaced batch by
 * batch, each batch taken out of the daily aggregates and counted again in the same transaction,
 * so the insight never sees a note counted twice or not at all. A model's verdict stays the note's
 * sentiment. Brand mentions are the re-matching job's (the dictionary, not the analysis).
 */
export class NoteReanalysis {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly dictionary: DictionaryStore,
  ) {}

  register(): void {
    this.jobs.register(RED_REANALYSE_JOB, (job) => this.run(job.signal), { concurrency: 1 });
  }

  /** Queues the job when notes were analysed by another version; with no notes, there is nothing to do. */
  async queueIfStale(): Promise<void> {
    const [row] = await rows<{ value: string }>(this.db, sql`SELECT value FROM settings WHERE key = ${VERSION_KEY}`);
    if (row?.value === ANALYSIS_VERSION) return;
    const [any] = await rows<{ id: number }>(this.db, sql`SELECT id FROM red_notes LIMIT 1`);
    if (!any) await this.markCurrent();
    else await this.jobs.send(RED_REANALYSE_JOB, {}, { singletonKey: RED_REANALYSE_JOB });
  }

  async run(signal?: AbortSignal): Promise<number> {
    const matcher = await this.dictionary.matcher();
    let after = 0;
    let done = 0;
    for (;;) {
      if (signal?.aborted) throw new Error('aborted');
      const notes = await this.db
        .select({ id: redNotes.id, title: redNotes.title, content: redNotes.content, topics: redNotes.topics })
        .from(redNotes)
        .where(gt(redNotes.id, after))
        .orderBy(asc(redNotes.id))
        .limit(BATCH);
      if (notes.length === 0) break;
      after = notes.at(-1)!.id;
      const offline = new Map(notes.map((n) => [n.id, analyseNote(n.title, n.content, n.topics, matcher)]));
      const ids = notes.map((n) => n.id);
      await this.db.transaction(async (tx) => {
        // A model's verdict, read under the row lock, stays the note's sentiment (model-analysis.ts).
        const locked = await rows<{ id: number; model_analysis: RedModelAnalysis | null }>(
          tx,
          sql`SELECT id::int AS id, model_analysis FROM red_notes WHERE id = ANY(${`{${ids.join(',')}}`}::int[]) FOR UPDATE`,
        );
        const analysed = locked.map(({ id, model_analysis: model }) => {
          const a = offline.get(id)!;
          return {
            id,
            score: a.sentimentScore,
            sentences: a.sentences,
            keywords: a.keywords,
            ...withModelVerdict(
              a,
              model,
              SCENE_GROUPS.map((g) => g.scene),
            ),
          };
        });
        await countNotes(tx, ids, -1);
        await tx.execute(
          sql`UPDATE red_notes n SET sentiment = r.sentiment, sentiment_score = r.score, sentences = r.sentences,
                scenes = r.scenes, keywords = r.keywords
              FROM jsonb_to_recordset(${JSON.stringify(analysed)}::jsonb)
                AS r(id int, sentiment text, score real, sentences jsonb, scenes jsonb, keywords jsonb)
              WHERE n.id = r.id`,
        );
        await countNotes(tx, ids, 1);
      });
      done += notes.length;
    }
    await this.markCurrent();
    return done;
  }

  private async markCurrent(): Promise<void> {
    await this.db.execute(
      sql`INSERT INTO settings (key, value) VALUES (${VERSION_KEY}, ${ANALYSIS_VERSION})
          ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    );
  }
}
