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
    /** Rows one export may hold. */
    export_max_rows: z.number().int().min(1).max(1_000_000).default(100_000),
  })
  .strict();
export type RedConfig = z.infer<typeof redConfigSchema>;

export const redConfigSection = configSection('red', redConfigSchema);
