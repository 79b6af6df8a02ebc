import { z } from 'zod';
import { configSection } from '../config-section';

/**
 * The `red` section of the server configuration (社媒洞察). Notes come only from the company's own
 * sources: file imports by administrators and pushes from the sources listed here, each with its
 * own key. A fresh install fills the module with generated notes labelled 示例数据.
 */
export const redConfigSchema = z
  .object({
    /** Generate the sample categories and notes when the module has no category yet. */
    sample_data: z.boolean().default(true),
    sample_notes: z.number().int().min(0).max(200_000).default(3000),
    /** Largest import file. */
    max_import_mb: z.number().int().min(1).max(2000).default(200),
    /** Sources that push notes to POST /api/red/push?source=<source> with header x-red-push-key. */
    push_sources: z
      .array(
        z
          .object({
            source: z.string().min(1).max(50),
            key: z.string().min(16, '推送密钥至少16个字符'),
          })
          .strict(),
      )
      .default([]),
    /**
     * HTTPS JSON sources pulled on a schedule: the reply is an array of notes or `{notes: [...]}`
     * (the JSONL keys). Addresses come only from here and must resolve to public addresses.
     */
    pull_sources: z
      .array(
        z
          .object({
            source: z.string().min(1).max(50),
            url: z.url(),
            every_minutes: z.number().int().min(5).max(10_080).default(60),
            /** Sent with every pull (say an Authorization header of the vendor). */
            headers: z.record(z.string(), z.string()).default({}),
          })
          .strict(),
      )
      .default([]),
    /** Tests only: lets a pull reach http://127.0.0.1. */
    pull_allow_loopback_for_tests: z.boolean().default(false),
    /** Rows one export may hold. */
    export_max_rows: z.number().int().min(1).max(1_000_000).default(100_000),
    /**
     * With a model configured for the task `red` (providers.tasks.red), aspect-level sentiment and
     * scenes by the model, asked once per note, newest notes first, within these bounds.
     */
    model_analysis: z
      .object({
        /** Notes in one request. */
        batch_notes: z.number().int().min(1).max(50).default(10),
        /** Notes asked about per run at most: the cost of a run. */
        max_notes_per_run: z.number().int().min(0).max(100_000).default(200),
        /** Minutes between runs. */
        every_minutes: z.number().int().min(5).max(10_080).default(60),
        /** Characters of a note's title and body sent. */
        max_chars: z.number().int().min(100).max(5000).default(600),
      })
      .strict()
      .default({ batch_notes: 10, max_notes_per_run: 200, every_minutes: 60, max_chars: 600 }),
  })
  .strict();
export type RedConfig = z.infer<typeof redConfigSchema>;

export const redConfigSection = configSection('red', redConfigSchema);

/** Its settings' type in PortalConfig (see ModuleConfigSections). */
declare module '../config-section' {
  interface ModuleConfigSections {
    red: typeof redConfigSection;
  }
}
