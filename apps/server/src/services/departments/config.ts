import { z } from 'zod';

/** The `directory_sync` section: how often each configured provider's directory is pulled. */
export const directorySyncConfigSchema = z
  .object({
    /** Hours between scheduled syncs per provider; 0 leaves it to the console's "sync now". */
    interval_hours: z
      .number()
      .min(0)
      .max(24 * 30)
      .default(6),
  })
  .strict();
export type DirectorySyncConfig = z.infer<typeof directorySyncConfigSchema>;
