import type { Db } from '../../db/client';
import type { JobQueue } from '../../services/jobs';
import type { RedConfig } from './config';
import type { DictionaryStore } from './dictionary-store';
import { NOTE_WRITE_BATCH, writeNotes } from './note-writer';
import { generateSampleNotes, SAMPLE_PROJECTS, SAMPLE_SOURCE } from './sample-data';

export const RED_SAMPLE_JOB = 'red.sample';
export const RED_REMATCH_JOB = 'red.rematch';

/**
 * Fills a fresh install with the sample set once (a singleton job, so two replicas starting
 * together write it once), and runs the re-matching of notes after the dictionary changed.
 */
export class SampleSeeder {
  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly dictionary: DictionaryStore,
    private readonly config: RedConfig,
  ) {}

  register(): void {
    this.jobs.register(RED_SAMPLE_JOB, () => this.seed(), { concurrency: 1, maxAttempts: 3 });
    this.jobs.register(RED_REMATCH_JOB, (job) => this.dictionary.rematchAll(job.signal), { concurrency: 1 });
  }

  /** Queues the sample set when the module has no category yet. */
  async queueIfEmpty(): Promise<void> {
    if (!this.config.sample_data || !(await this.dictionary.isEmpty())) return;
    await this.jobs.send(RED_SAMPLE_JOB, {}, { singletonKey: RED_SAMPLE_JOB });
  }

  async queueRematch(): Promise<void> {
    // A run under way read the dictionary before this change: one more run follows it.
    await this.jobs.send(RED_REMATCH_JOB, {}, { singletonKey: RED_REMATCH_JOB, delayMs: 200, rerunIfActive: true });
  }

  async seed(now = new Date()): Promise<void> {
    if (!(await this.dictionary.isEmpty())) return;
    for (const project of SAMPLE_PROJECTS) {
      await this.dictionary.save(
        {
          name: project.name,
          brands: project.brands.map((b) => ({
            name: b.name,
            aliases: [...b.aliases],
            products: b.products.map((p) => ({ name: p.name, aliases: [...p.aliases] })),
          })),
        },
        true,
      );
    }
    const matcher = await this.dictionary.matcher();
    const notes = generateSampleNotes(this.config.sample_notes, now);
    for (let i = 0; i < notes.length; i += NOTE_WRITE_BATCH) {
      await writeNotes(this.db, notes.slice(i, i + NOTE_WRITE_BATCH), matcher, {
        source: SAMPLE_SOURCE,
        isSample: true,
      });
    }
  }
}
