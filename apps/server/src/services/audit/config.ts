import { z } from 'zod';

/** The `audit` section: how long the audit log is kept. */
export const auditConfigSchema = z
  .object({
    /**
     * Rows older than this many days are deleted by a daily job (and on an administrator's
     * "purge now"), each purge leaving an audit row of its own; 0 keeps every row forever.
     */
    retention_days: z.number().int().min(0).max(36_500).default(365),
  })
  .strict();
export type AuditConfig = z.infer<typeof auditConfigSchema>;
